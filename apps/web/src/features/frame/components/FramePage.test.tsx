import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '../../../test/render.tsx';
import { FramePage } from './FramePage.tsx';

const at = (path: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/frame/:source" element={<FramePage />} />
    </Routes>,
    { route: path },
  );

describe('FramePage', () => {
  it('frames the known page of stats-helpdesk', () => {
    at('/frame/stats-helpdesk');
    expect(screen.getByRole('heading').textContent).toBe('Helpdesk statistics');
    expect(screen.getByTestId('frame-page-frame').getAttribute('src')).toBe('/help');
  });
  it('never frames an address taken from the link', () => {
    at('/frame/https%3A%2F%2Fevil.example');
    expect(screen.queryByTestId('frame-page-frame')).toBeNull();
    expect(screen.getByTestId('frame-page-unknown').textContent).toContain('There is no known page');
  });
});
