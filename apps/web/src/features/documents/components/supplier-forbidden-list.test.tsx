import { beforeEach, describe, expect, it } from 'vitest';
import type { ModelConfigResponse } from '@p2p/domain';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '../../../test/render.tsx';
import { resetSession, startSession } from '../../../lib/session.ts';
import { mockServer, type MockServer } from '../test/mock-server.ts';
import { buyer, orderConfig, storedOrder, supplierUser } from '../test/order-fixtures.ts';
import { DocumentListPage } from './DocumentListPage.tsx';

// a model suppliers may not view (requisitions): no supplierModel, internal view roles
const requisitions: ModelConfigResponse = {
  ...orderConfig,
  name: 'requisition',
  label: 'Requisitions',
  permissions: { viewRoles: 'requester,exc,cexc', editRoles: 'requester', createRoles: 'requester' },
};

let server: MockServer;
beforeEach(() => {
  resetSession(null);
  server = mockServer(requisitions, storedOrder('created', { model: 'requisition' }));
});

const renderList = () =>
  renderWithProviders(
    <Routes>
      <Route path="/requisition" element={<DocumentListPage model="requisition" path="/requisition" />} />
    </Routes>,
    { route: '/requisition' },
  );

describe('a list the caller may not see', () => {
  it('shows a supplier not-found, never an empty list, and asks for no rows', async () => {
    startSession('tok', supplierUser());
    renderList();
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.queryByTestId('document-list')).toBeNull();
    expect(server.calls('GET', '/api/purchasing/requisition')).toHaveLength(0);
  });

  it('shows the list to a buyer', async () => {
    startSession('tok', buyer());
    renderList();
    expect(await screen.findByTestId('document-list')).toBeTruthy();
    expect(screen.queryByTestId('not-found')).toBeNull();
  });
});
