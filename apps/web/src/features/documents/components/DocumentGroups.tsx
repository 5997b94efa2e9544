import { useTranslation } from '../../../lib/use-translation.ts';
import { Panel } from 'primereact/panel';
import { formatNumber, labelText, type FieldConfig } from '@p2p/domain';
import { Field, type FieldContext } from '../../../components/fields/index.ts';
import type { DocumentData, ModelConfig } from '../api/types.ts';
import type { FieldState } from '../permissions.ts';

const TOTALS = ['grossValue', 'discountValue', 'costValue', 'netValue', 'taxValue', 'value'] as const;

/** A field of the form with its state and value (see DocumentForm's stateOf). */
export interface ShownField {
  field: FieldConfig;
  state: FieldState;
  value: unknown;
  type: string;
}

export interface DocumentGroupsProps {
  config: ModelConfig;
  /** the priced draft: its totals show under the group holding the lines */
  view: DocumentData;
  stateOf: (field: FieldConfig) => ShownField;
  ctx: FieldContext;
  errors: Record<string, string>;
  collapsed: Record<string, boolean>;
  onCollapse: (group: string, collapsed: boolean) => void;
  onChange: (shown: ShownField, value: unknown) => void;
  lang: string;
}

/** The form's collapsible groups of fields (seed 000 section 3 form.groups); empty groups are left out. */
export function DocumentGroups(props: DocumentGroupsProps) {
  const { t } = useTranslation();
  const { config, view, stateOf, ctx, errors, collapsed, onCollapse, onChange, lang } = props;
  const bySrc = new Map(config.form.fields.map((f) => [f.src, f]));
  return config.form.groups.map((g) => {
    const shown = g.fields
      .map((s) => bySrc.get(s))
      .filter((f): f is FieldConfig => Boolean(f))
      .map(stateOf)
      .filter((x) => x.state.visible);
    if (!shown.length) return null;
    const hasLines = shown.some((x) => x.type === 'lines');
    return (
      <div key={g.key} data-testid={`group-${g.key}`} data-collapsed={Boolean(collapsed[g.key]) || undefined}>
        <Panel
          header={labelText(g.label, lang) || g.key}
          toggleable
          collapsed={Boolean(collapsed[g.key])}
          onToggle={(e) => onCollapse(g.key, e.value)}
          className="form-group"
        >
          <div className="form-grid">
            {shown.map((x) => (
              <Field
                key={x.field.src}
                field={x.field}
                value={x.value}
                ctx={ctx}
                editable={x.state.editable}
                required={x.state.required}
                error={errors[x.field.src]}
                onChange={(v) => onChange(x, v)}
              />
            ))}
          </div>
          {hasLines && (
            <dl className="totals" data-testid="totals">
              {TOTALS.map((k) => (
                <div key={k} className="totals__item">
                  <dt>{t(`documents.${k}`)}</dt>
                  <dd data-testid={`total-${k}`}>{formatNumber(String(view[k] ?? '0'), 2)}</dd>
                </div>
              ))}
            </dl>
          )}
        </Panel>
      </div>
    );
  });
}
