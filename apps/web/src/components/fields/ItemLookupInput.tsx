import { useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { AutoComplete } from 'primereact/autocomplete';
import type { ItemLookup } from '@p2p/domain';
import { api } from '../../lib/api-client.ts';
import { SUGGESTIONS } from './constants.ts';

const KEEP_FOCUS_ON_PANEL = {
  panel: { onMouseDown: (e: MouseEvent) => e.preventDefault() },
};

interface ItemPage {
  items: ItemLookup[];
}

export interface ItemLookupInputProps {
  id: string;
  /** the line's item code */
  value: unknown;
  /** the code typed by hand */
  onChange: (code: string | null) => void;
  /** an item chosen from the catalogue: the line takes its code, name, unit and (for buyers) price */
  onPick: (item: ItemLookup) => void;
  disabled?: boolean;
  ariaLabel?: string;
}

/**
 * A line's item from the catalogue (GET /reference/item: code prefix, name prefix, then similar
 * spellings), or a code typed by hand. Only the answer to the latest text is shown.
 */
export function ItemLookupInput({ id, value, onChange, onPick, disabled, ariaLabel }: ItemLookupInputProps) {
  const { t } = useTranslation();
  const [suggestions, setSuggestions] = useState<ItemLookup[]>([]);
  const latest = useRef(0);
  const search = async (q: string) => {
    const asked = ++latest.current;
    try {
      const page = await api.get<ItemPage>('/reference/item', {
        query: { q, p: 1, l: SUGGESTIONS.pageSize },
      });
      if (asked === latest.current) setSuggestions(page.items ?? []);
    } catch {
      if (asked === latest.current) setSuggestions([]);
    }
  };
  return (
    <AutoComplete
      inputId={id}
      className="line-item-lookup"
      value={typeof value === 'string' ? value : ''}
      suggestions={suggestions}
      field="code"
      // a press on a suggestion keeps the focus in the input (as a combobox does): the input's blur
      // changed the form under the pointer, the release landed on the lines editor, nothing was chosen
      pt={KEEP_FOCUS_ON_PANEL}
      itemTemplate={(item: ItemLookup) => (
        <span data-testid="item-suggestion">
          <strong>{item.code}</strong> {item.name}
        </span>
      )}
      delay={SUGGESTIONS.delayMs}
      minLength={SUGGESTIONS.minLength}
      disabled={disabled}
      aria-label={ariaLabel ?? t('documents.itemLookup')}
      placeholder={t('documents.itemLookup')}
      completeMethod={(e) => void search(e.query)}
      onChange={(e) => {
        // typing gives text; choosing a suggestion gives the item
        const v: unknown = e.value;
        if (v === '' || v === null || v === undefined) onChange(null);
        else if (typeof v === 'object') onPick(v as ItemLookup);
        else onChange(String(v));
      }}
    />
  );
}
