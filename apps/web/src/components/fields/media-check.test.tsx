import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { StoredFile } from '@p2p/domain';
import { renderWithProviders, testUser } from '../../test/render.tsx';
import { resetSession, startSession } from '../../lib/session.ts';
import { Field } from './Field.tsx';
import type { FieldFiles } from './types.ts';

/** A media field with a file check (seed 001 section 7): the server's `info` fills the named field. */

beforeEach(() => startSession('tok-1', testUser()));
afterEach(() => resetSession('signout'));

describe('media field with a check', () => {
  it('sends the check with the form’s VAT number and writes the answer into its text field', async () => {
    let answer: ((a: { files: StoredFile[]; info: string | null }) => void) | undefined;
    const upload = vi.fn<FieldFiles['upload']>(() => new Promise((resolve) => (answer = resolve)));
    const setValue = vi.fn();
    const onChange = vi.fn();
    renderWithProviders(
      <Field
        field={{
          src: 'taxFile',
          label: 'Tax certificate',
          type: 'media',
          check: 'taxAuthority',
          checkInto: 'taxInfo',
        }}
        value={null}
        editable
        ctx={{ files: { upload, open: async () => {} }, setValue, doc: { vat: 'PT509876544' } }}
        onChange={onChange}
      />,
    );
    const file = new File(['%PDF-1.7'], 'certidao.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Tax certificate'), { target: { files: [file] } });
    expect(upload.mock.calls[0]![1]).toMatchObject({
      check: { type: 'taxAuthority', obj: { vat: 'PT509876544' } },
    });
    const stored = { _id: 'f1', name: 'certidao.pdf', contentType: 'application/pdf', size: 8 };
    await act(async () =>
      answer!({ files: [stored], info: 'Tax situation regularised (Autoridade Tributária).' }),
    );
    expect(onChange).toHaveBeenCalledWith([stored]);
    expect(setValue).toHaveBeenCalledWith('taxInfo', 'Tax situation regularised (Autoridade Tributária).');
  });

  it('puts each recognised field into the form field its map names', async () => {
    const setValue = vi.fn();
    const upload = vi.fn<FieldFiles['upload']>(async () => ({
      files: [],
      info: 'VAT number: 509876544',
      recognised: { vat: '509876544', name: 'Alfa Lda', street: 'Rua Nova 1', postcode: '4000-001' },
    }));
    renderWithProviders(
      <Field
        field={{
          src: 'companySummary',
          label: 'Company presentation',
          type: 'media',
          check: 'summarize',
          checkInto: {
            vat: 'vat',
            name: 'name',
            street: 'address.street',
            city: 'address.city',
            info: 'notes',
          },
        }}
        value={null}
        editable
        ctx={{ files: { upload, open: async () => {} }, setValue }}
        onChange={() => {}}
      />,
    );
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Company presentation'), {
        target: { files: [new File(['%PDF-1.7'], 'empresa.pdf')] },
      });
    });
    expect(setValue.mock.calls).toEqual([
      ['vat', '509876544'],
      ['name', 'Alfa Lda'],
      ['address.street', 'Rua Nova 1'],
      ['notes', 'VAT number: 509876544'],
    ]);
    // a short confirmation says so beside the field
    expect(screen.getByTestId('inline-message').textContent).toContain(
      'Fields filled from the document; check them before saving.',
    );
  });

  it('fills nothing without a check', async () => {
    const setValue = vi.fn();
    const upload = vi.fn<FieldFiles['upload']>(async () => ({ files: [], info: null }));
    renderWithProviders(
      <Field
        field={{ src: 'files', label: 'Files', type: 'media', checkInto: 'taxInfo' }}
        value={null}
        editable
        ctx={{ files: { upload, open: async () => {} }, setValue }}
        onChange={() => {}}
      />,
    );
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Files'), { target: { files: [new File(['x'], 'a.pdf')] } });
    });
    expect(upload.mock.calls[0]![1]).not.toHaveProperty('check');
    expect(setValue).not.toHaveBeenCalled();
  });
});
