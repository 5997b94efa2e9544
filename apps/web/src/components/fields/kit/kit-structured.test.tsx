import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { Field } from '../Field.tsx';
import { Harness } from './test-harness.tsx';

const stubFetch = (answer: (url: string) => unknown) => {
  const fetchMock = vi.fn(async (url: string) => jsonResponse(answer(String(url))));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

describe('measure', () => {
  it('dimensions: length, width and height with a unit of class LENGTH', async () => {
    const fetchMock = stubFetch(() => ({
      items: [
        { code: 'CM', name: 'Centimetre' },
        { code: 'M', name: 'Metre' },
      ],
    }));
    const onValue = vi.fn();
    renderWithProviders(
      <Harness field={{ src: 'box', label: 'Box', type: 'ref_dimensions' }} onValue={onValue} />,
    );
    await waitFor(() => expect(screen.getByText('CM – Centimetre')).toBeTruthy());
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/taxonomy/uom?class=LENGTH');
    fireEvent.change(screen.getByLabelText('Length'), { target: { value: '120' } });
    fireEvent.change(screen.getByLabelText('Width'), { target: { value: '80,5' } });
    fireEvent.change(screen.getByLabelText('Height'), { target: { value: '1x5' } });
    fireEvent.change(screen.getByTestId('measure-uom-box'), { target: { value: 'CM' } });
    expect(onValue).toHaveBeenLastCalledWith({ length: 120, width: 80.5, height: 15, uom: 'CM' });
  });
  it('weight: one value and a MASS unit; shown as value and unit', async () => {
    const fetchMock = stubFetch(() => ({ items: [{ code: 'KG', name: 'Kilogram' }] }));
    renderWithProviders(
      <Harness field={{ src: 'w', label: 'Weight', type: 'measure', kind: 'weight' } as never} />,
    );
    await waitFor(() => expect(String(fetchMock.mock.calls[0]![0])).toContain('class=MASS'));
    expect(screen.getByLabelText('Value')).toBeTruthy();
    renderWithProviders(
      <Field
        field={{ src: 'w2', label: 'W', type: 'ref_weight' }}
        value={{ value: 12.5, uom: 'KG' }}
        editable={false}
      />,
    );
    expect(screen.getByTestId('measure-w2').textContent).toBe('12.5 KG');
  });
});

describe('richtextarea', () => {
  it('offers the toolbar preset and shows stored HTML without scripts', async () => {
    renderWithProviders(
      <Harness field={{ src: 'notes', label: 'Notes', type: 'richtextarea', toolbar: 'minimal' } as never} />,
    );
    // Quill builds its toolbar in an effect, which may run after the host is in the DOM
    const toolbar = await waitFor(() => {
      const found = screen.getByTestId('richtext-notes').querySelector('.ql-toolbar');
      expect(found).toBeTruthy();
      return found!;
    });
    expect(toolbar.querySelector('.ql-bold')).toBeTruthy();
    expect(toolbar.querySelector('.ql-list')).toBeNull();
    renderWithProviders(
      <Harness field={{ src: 'n2', label: 'N2', type: 'richtextarea', toolbar: 'full' } as never} />,
    );
    await waitFor(() => expect(screen.getByTestId('richtext-n2').querySelector('.ql-header')).toBeTruthy());
    renderWithProviders(
      <Field
        field={{ src: 'n3', label: 'N3', type: 'richtextarea' }}
        value={'<p><strong>Net 30</strong><img src=x onerror="alert(1)"><script>alert(1)</script></p>'}
        editable={false}
      />,
    );
    const shown = screen.getByTestId('richtext-display');
    expect(shown.innerHTML).toContain('<strong>Net 30</strong>');
    expect(shown.innerHTML).not.toContain('script');
    expect(shown.innerHTML).not.toContain('onerror');
  });
  it('sends what is typed as HTML', async () => {
    const onValue = vi.fn();
    renderWithProviders(
      <Harness field={{ src: 'notes', label: 'Notes', type: 'richtextarea' }} onValue={onValue} />,
    );
    const editor = await screen.findByTestId('richtext-editor');
    editor.innerHTML = '<p>Delivery <strong>before noon</strong></p>';
    await waitFor(() => expect(onValue).toHaveBeenCalled());
    expect(onValue.mock.calls.at(-1)![0]).toContain('<strong>before noon</strong>');
  });
});

describe('table', () => {
  it('adds, edits and removes rows of its columns', () => {
    const onValue = vi.fn();
    const items = [
      { src: 'name', label: 'Name', type: 'text' },
      { src: 'phone', label: 'Phone', type: 'phone' },
    ];
    renderWithProviders(
      <Harness field={{ src: 'contacts', label: 'Contacts', type: 'table', items }} onValue={onValue} />,
    );
    expect(screen.getByText('No data')).toBeTruthy();
    fireEvent.click(screen.getByTestId('table-add-contacts'));
    fireEvent.change(document.getElementById('contacts-0-name')!, { target: { value: 'Ana' } });
    expect(onValue).toHaveBeenLastCalledWith([{ name: 'Ana' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onValue).toHaveBeenLastCalledWith([]);
  });
});

describe('ref_country and ref_evaluation', () => {
  it('ref_country lists the taxonomy, not /purchasing/country', async () => {
    const fetchMock = stubFetch(() => ({
      items: [
        { code: 'PT', name: 'Portugal' },
        { code: 'ES', name: 'Spain' },
      ],
    }));
    renderWithProviders(
      <Field
        field={{ src: 'c', label: 'Country', type: 'ref_country' }}
        value={{ _id: 'PT', name: 'Portugal' }}
        editable
        onChange={() => undefined}
      />,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/taxonomy/country');
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/purchasing/'))).toBe(false);
    await waitFor(() => expect(screen.getAllByText('Portugal (PT)').length).toBeGreaterThan(0));
  });
  it('ref_evaluation shows the item with its colour', () => {
    const items = [{ key: 'high', label: 'High', color: '#dc2626' }];
    renderWithProviders(
      <Field
        field={{ src: 'sev', label: 'Severity', type: 'ref_evaluation_severity', items }}
        value={{ key: 'high' }}
        editable={false}
      />,
    );
    const shown = screen.getByTestId('evaluation-sev');
    expect(shown.textContent).toContain('High');
    expect((shown.querySelector('.field-swatch') as HTMLElement).style.background).toBe('rgb(220, 38, 38)');
  });
});

describe('field definition extras', () => {
  it('langs: one input per language, the value by language', () => {
    const onValue = vi.fn();
    renderWithProviders(
      <Harness
        field={{ src: 'd', label: 'Description', type: 'text', langs: ['en', 'pt'] } as never}
        onValue={onValue}
      />,
    );
    const box = screen.getByTestId('langs-d');
    const inputs = within(box).getAllByRole('textbox');
    expect(inputs).toHaveLength(2);
    fireEvent.change(inputs[1]!, { target: { value: 'Embalagens' } });
    expect(onValue).toHaveBeenLastCalledWith({ pt: 'Embalagens' });
  });
  it('help, info, warning, link and add', () => {
    const field = {
      src: 'parent',
      label: 'Parent',
      type: 'text',
      help: 'The group the supplier belongs to',
      info: 'Used for consolidated spend',
      warning: { en: 'Check the VAT number', pt: 'Verifique o NIF' },
      link: '/supplier/{id}',
      add: { label: 'New supplier', route: '/supplier/new' },
    };
    renderWithProviders(
      <Field field={field as never} value={{ _id: 's 1', name: 'Acme' }} editable={false} />,
    );
    expect(screen.getByTestId('field-help-parent').title).toBe('The group the supplier belongs to');
    expect(screen.getByTestId('field-info-parent').textContent).toContain('Used for consolidated spend');
    expect(screen.getByTestId('field-warning-parent').textContent).toContain('Check the VAT number');
    expect(screen.getByTestId('field-link-parent').getAttribute('href')).toBe('/supplier/s%201');
    expect(screen.getByTestId('field-add-parent').getAttribute('href')).toBe('/supplier/new');
  });
});

describe('tree field', () => {
  it('loads children lazily, an empty answer makes a leaf, checks propagate', async () => {
    const fetchMock = stubFetch((url) => {
      if (url.endsWith('/api/org/roots')) return [{ _id: 'pt', label: 'Portugal' }];
      if (url.endsWith('/api/org/children/pt'))
        return [
          { _id: 'lis', label: 'Lisboa' },
          { _id: 'opo', label: 'Porto' },
        ];
      return [];
    });
    const onValue = vi.fn();
    const field = {
      src: 'plants',
      label: 'Plants',
      type: 'tree',
      tree: { url: '/org/roots', childrenUrl: '/org/children' },
    };
    renderWithProviders(<Harness field={field as never} onValue={onValue} />);
    fireEvent.click(await screen.findByTestId('tree-toggle-pt'));
    await screen.findByText('Lisboa');
    fireEvent.click(screen.getByTestId('tree-check-lis'));
    expect(screen.getByTestId('tree-check-pt').dataset.state).toBe('partial');
    expect(onValue.mock.calls.at(-1)![0]).toEqual(
      expect.arrayContaining([
        { key: 'lis', label: 'Lisboa', checked: true, partialChecked: false },
        { key: 'pt', label: 'Portugal', checked: false, partialChecked: true },
      ]),
    );
    fireEvent.click(screen.getByTestId('tree-toggle-lis'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/org/children/lis'))).toBe(true),
    );
    await waitFor(() => expect(screen.getByTestId('tree-toggle-lis').style.visibility).toBe('hidden'));
  });
});

describe('tree field on the organization levels', () => {
  // the answers of GET /api/profile/organization/nodes[/{key}] (organization-tree.test.ts on the server)
  const node = (key: string, type: string, label: string) => ({
    key,
    type,
    label,
    group: { _id: `g-${key}` },
  });
  it('opens a company, loads its plants; a checked company checks the plants it loads', async () => {
    const fetchMock = stubFetch((url) => {
      if (url.endsWith('/api/profile/organization/nodes'))
        return [node('acme-pt', 'company', 'Acme Portugal'), node('acme-es', 'company', 'Acme Spain')];
      if (url.endsWith('/api/profile/organization/nodes/acme-es'))
        return [node('es-madrid', 'plant', 'Madrid Plant')];
      return [];
    });
    const onValue = vi.fn();
    const field = {
      src: 'plants',
      label: 'Plants supplied',
      type: 'tree',
      tree: {
        url: '/profile/organization/nodes',
        childrenUrl: '/profile/organization/nodes',
        selection: 'checkbox',
      },
    };
    renderWithProviders(<Harness field={field as never} onValue={onValue} />);
    fireEvent.click(await screen.findByTestId('tree-check-acme-es'));
    expect(screen.queryByText('Madrid Plant')).toBeNull();
    fireEvent.click(screen.getByTestId('tree-toggle-acme-es'));
    await screen.findByText('Madrid Plant');
    expect(screen.getByTestId('tree-check-es-madrid').dataset.state).toBe('checked');
    expect(onValue.mock.calls.at(-1)![0]).toEqual(
      expect.arrayContaining([
        { key: 'acme-es', label: 'Acme Spain', checked: true, partialChecked: false },
        { key: 'es-madrid', label: 'Madrid Plant', checked: true, partialChecked: false },
      ]),
    );
    expect(fetchMock.mock.calls.map(([u]) => String(u).replace(/^.*\/api/, ''))).toEqual([
      '/profile/organization/nodes',
      '/profile/organization/nodes/acme-es',
    ]);
  });
});
