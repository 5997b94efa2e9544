import type { AuditValues } from './diff.ts';

/**
 * An audit event of a document, as a reader may see it: the fields hidden from the reader's role
 * (fieldsHiddenByRole of the model) are left out, whether the event holds them as changed paths
 * ('data.iban', 'data.supplier.iban', 'lines.0.price') or inside a whole snapshot ('data' of a
 * created or purged document). The audit trail must not be the side door to what reads refuse.
 */
export function withoutHiddenFields(
  values: AuditValues | null,
  hidden: ReadonlyArray<string>,
): AuditValues | null {
  if (!values || !hidden.length) return values;
  const out: AuditValues = {};
  for (const [key, value] of Object.entries(values)) {
    const path = key.startsWith('data.') ? key.slice(5) : key === 'data' ? '' : null;
    const line = /^lines\.\d+\.(.+)$/.exec(key)?.[1];
    const src = path ?? line ?? null;
    if (src === null) {
      out[key] = key === 'lines' && Array.isArray(value) ? value.map((l) => strip(l, hidden)) : value;
      continue;
    }
    if (src && hidden.some((h) => src === h || src.startsWith(`${h}.`))) continue; // the field itself
    // a parent object that holds hidden fields: keep it without them
    const inner = hidden
      .filter((h) => !src || h.startsWith(`${src}.`))
      .map((h) => (src ? h.slice(src.length + 1) : h));
    out[key] = inner.length ? strip(value, inner) : value;
  }
  return out;
}

/** A copy of `value` without the dotted `paths` (plain objects only; other values as they are). */
function strip(value: unknown, paths: ReadonlyArray<string>): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const path of paths) {
    const [head, ...rest] = path.split('.');
    if (!head || !(head in copy)) continue;
    if (!rest.length) delete copy[head];
    else copy[head] = strip(copy[head], [rest.join('.')]);
  }
  return copy;
}
