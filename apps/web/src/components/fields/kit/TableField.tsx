import type { ComponentType } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { getPath, setPath } from '@p2p/domain';
import { fieldLabel } from '../rules.ts';
import type { DisplayProps, FieldDef, InputProps } from '../types.ts';

export interface CellRenderers {
  Display: (type: string) => ComponentType<DisplayProps>;
  Input: (type: string) => ComponentType<InputProps>;
}

type Row = Record<string, unknown>;

const columnsOf = (field: FieldDef): FieldDef[] =>
  (field.items ?? []).filter((i): i is FieldDef => typeof i === 'object' && i !== null && 'src' in i);

const rowsOf = (v: unknown): Row[] => (Array.isArray(v) ? (v as Row[]) : []);

/**
 * table: rows of the field's columns (`items`, field definitions), each cell drawn by the registry;
 * rows are added and removed when editable (field max limits their number). The table scrolls in its
 * own box on a narrow screen, never the page.
 */
export function TableField({
  field,
  value,
  ctx,
  onChange,
  disabled,
  renderers,
}: DisplayProps & { onChange?: (v: unknown) => void; disabled?: boolean; renderers: CellRenderers }) {
  const { t, i18n } = useTranslation();
  const columns = columnsOf(field);
  const rows = rowsOf(value);
  const editable = Boolean(onChange) && !disabled;
  const max = typeof field.max === 'number' ? field.max : Infinity;
  const setCell = (r: number, src: string, v: unknown) =>
    onChange?.(rows.map((row, i) => (i === r ? setPath(row, src, v) : row)));
  return (
    <div className="field-table" data-testid={`table-field-${field.src}`}>
      <table>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.src} scope="col">
                {fieldLabel(c, i18n.language)}
              </th>
            ))}
            {editable && <th aria-label={t('fields.remove')} />}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length + 1} className="muted">
                {t('table.noData')}
              </td>
            </tr>
          )}
          {rows.map((row, r) => (
            <tr key={r}>
              {columns.map((c) => {
                const Cell = editable ? renderers.Input(c.type ?? 'text') : null;
                const Show = renderers.Display(c.type ?? 'text');
                const v = getPath(row, c.src);
                return (
                  <td key={c.src} data-label={fieldLabel(c, i18n.language)}>
                    {Cell ? (
                      <Cell
                        id={`${field.src}-${r}-${c.src}`}
                        field={c}
                        value={v}
                        ctx={ctx}
                        onChange={(nv) => setCell(r, c.src, nv)}
                      />
                    ) : (
                      <Show field={c} value={v} ctx={ctx} />
                    )}
                  </td>
                );
              })}
              {editable && (
                <td>
                  <Button
                    type="button"
                    icon="pi pi-trash"
                    text
                    severity="danger"
                    aria-label={t('fields.remove')}
                    onClick={() => onChange?.(rows.filter((_, i) => i !== r))}
                  />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {editable && rows.length < max && (
        <Button
          type="button"
          icon="pi pi-plus"
          label={t('fields.add')}
          text
          onClick={() => onChange?.([...rows, {}])}
          data-testid={`table-add-${field.src}`}
        />
      )}
    </div>
  );
}
