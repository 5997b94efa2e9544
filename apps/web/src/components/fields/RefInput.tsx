import { useRef, useState } from 'react';
import { AutoComplete } from 'primereact/autocomplete';
import { SUGGESTIONS } from './constants.ts';
import { addEntry, refLabel, refUrl } from './rules.ts';
import { api } from '../../lib/api-client.ts';
import type { InputProps } from './types.ts';

type Suggestion = Record<string, unknown> & { _id?: string; name?: string };

interface ListAnswer {
  items?: Suggestion[];
}

/** Keeps what a document stores of a reference: its id and a readable name. */
const slim = (s: Suggestion) => ({ _id: s._id, name: refLabel(s) });

function useSuggestions(url: string) {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  // only the answer to the latest text counts: an earlier, slower answer must not replace it
  const latest = useRef(0);
  const search = async (q: string) => {
    const asked = ++latest.current;
    try {
      const res = await api.get<ListAnswer | Suggestion[]>(url, {
        // a document reference offers the caller's whole scope, not only the working context's
        query: {
          q,
          p: 1,
          l: SUGGESTIONS.pageSize,
          c: 0,
          ...(url.startsWith('/purchasing/') ? { context: 'none' } : {}),
        },
      });
      // every suggestion shows and selects by its `name` (the AutoComplete's field): documents, which
      // have none, are named by their number and description
      const found = Array.isArray(res) ? res : (res?.items ?? []);
      if (asked === latest.current) setSuggestions(found.map((s) => ({ ...s, name: refLabel(s) })));
    } catch {
      if (asked === latest.current) setSuggestions([]);
    }
  };
  return { suggestions, search };
}

/** ref_*, supplier, user: one reference chosen from server suggestions (delay 100 ms, min length 1). */
export function RefInput({ id, field, value, onChange, disabled, invalid }: InputProps) {
  const { suggestions, search } = useSuggestions(refUrl(field, field.type ?? 'ref'));
  return (
    <AutoComplete
      inputId={id}
      value={value ?? ''}
      suggestions={suggestions}
      field="name"
      itemTemplate={(s: unknown) => refLabel(s)}
      selectedItemTemplate={(s: unknown) => refLabel(s)}
      delay={SUGGESTIONS.delayMs}
      minLength={SUGGESTIONS.minLength}
      disabled={disabled}
      invalid={invalid}
      completeMethod={(e) => void search(e.query)}
      onChange={(e) => {
        // typing gives text; choosing a suggestion gives the object; clearing gives ''
        if (e.value === '' || e.value === null) onChange(null);
        else if (typeof e.value === 'object') onChange(slim(e.value as Suggestion));
        else onChange(e.value);
      }}
    />
  );
}

/** users, suppliers: several references, field max respected, no duplicates. */
export function RefMultiInput({ id, field, value, onChange, disabled }: InputProps) {
  const { suggestions, search } = useSuggestions(refUrl(field, field.type ?? 'ref'));
  const list = Array.isArray(value) ? (value as Suggestion[]) : [];
  return (
    <AutoComplete
      inputId={id}
      multiple
      value={list}
      suggestions={suggestions}
      field="name"
      delay={SUGGESTIONS.delayMs}
      minLength={SUGGESTIONS.minLength}
      disabled={disabled}
      completeMethod={(e) => void search(e.query)}
      onSelect={(e) => onChange(addEntry(list, slim(e.value as Suggestion), field.max))}
      onUnselect={(e) => onChange(list.filter((x) => x._id !== (e.value as Suggestion)._id))}
      onChange={() => undefined}
    />
  );
}
