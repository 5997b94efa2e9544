import type { FieldConfig } from '@p2p/domain';
import type { ModelConfig } from './model-config.ts';

type Line = Record<string, unknown>;

/** What a line takes from its catalogue item. */
export interface ItemDefaults {
  unspsc: string | null;
  materialGroup: string | null;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The model's lines carry an UNSPSC code (a column `unspsc` in its `lines` field). */
export function linesCarryUnspsc(model: ModelConfig): boolean {
  const lines = model.form.fields.find((f) => f.src === 'lines');
  const items = (lines as { items?: unknown } | undefined)?.items;
  return Array.isArray(items) && items.some((c) => (c as Partial<FieldConfig>).src === 'unspsc');
}

/** The items a save's lines pick anew: new lines, and lines whose item differs from the stored one. */
export function pickedItems(lines: ReadonlyArray<Line>, stored: ReadonlyArray<Line>): string[] {
  const before = new Map(stored.map((l) => [`${String(l.pos)}/${String(l.subpos ?? 0)}`, text(l.item)]));
  const picked = new Set<string>();
  for (const l of lines) {
    const item = text(l.item);
    if (item && before.get(`${String(l.pos)}/${String(l.subpos ?? 0)}`) !== item) picked.add(item);
  }
  return [...picked];
}

/**
 * A line whose item was just picked (a new line, or another item on a stored line) takes the item's
 * UNSPSC code when it has none yet, and the item's ERP material group (the server fills them
 * whatever the client sent: the web's item picker does the same for the code, an API client may
 * not). A code the line kept from its previous item goes with that item. A line that keeps its item
 * is left as it is, so a code cleared on purpose, or a locked line, is not filled again.
 */
export function withItemDefaults(
  lines: ReadonlyArray<Line>,
  stored: ReadonlyArray<Line>,
  items: ReadonlyMap<string, ItemDefaults>,
): Line[] {
  const at = (l: Line) => `${String(l.pos)}/${String(l.subpos ?? 0)}`;
  const before = new Map(stored.map((l) => [at(l), l]));
  return lines.map((l) => {
    const item = text(l.item);
    const old = before.get(at(l));
    if (!item || (old && text(old.item) === item)) return l;
    const defaults = items.get(item);
    if (!defaults) return l;
    const out: Line = { ...l };
    if (old && text(out.unspsc) === text(old.unspsc)) delete out.unspsc;
    if (!text(out.unspsc) && defaults.unspsc) out.unspsc = defaults.unspsc;
    if (defaults.materialGroup) out.materialGroup = defaults.materialGroup;
    else delete out.materialGroup;
    return out;
  });
}
