import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { applyDefaults, setPath, type SessionUser } from '@p2p/domain';
import { valuePath, type FieldDef } from '../../../components/fields/index.ts';
import type { DocumentData, ModelConfig } from '../api/types.ts';
import { createPricer } from '../pricing.ts';

export type FormMode = 'read' | 'edit' | 'create';

export interface DraftOptions {
  config: ModelConfig | undefined;
  /** the stored document (absent while loading and for a new one) */
  doc: DocumentData | undefined;
  creating: boolean;
  user: SessionUser | null;
  /** the stored document opens in edit mode when it arrives (the url's edit action, and it may be edited) */
  editOnLoad?: boolean;
  /**
   * the browser may price the loaded lines in the background now (default true); the form waits for
   * its first screen, which shows the server's values meanwhile
   */
  warm?: boolean;
}

/** A new document: the defaults the server would fill on create (applyDefaults, same context). */
const newDraft = (config: ModelConfig, user: SessionUser | null): DocumentData =>
  applyDefaults(config.form.fields, { lines: [] }, { user, state: 'created', model: config });

/**
 * The form's working copy of a document and its mode. The server's copy is taken whenever it
 * changes, except while the user edits (nothing typed is ever overwritten). `view` is the draft with
 * its line values and totals priced in the browser with the shared money rules (the server prices
 * again on save): only edited lines are recomputed, and a freshly loaded document first shows the
 * server's values while the browser prices its lines in short slices between frames.
 */
export function useDocumentDraft({
  config,
  doc,
  creating,
  user,
  editOnLoad = false,
  warm = true,
}: DraftOptions) {
  const [mode, setMode] = useState<FormMode>(creating ? 'create' : 'read');
  const [draft, setDraft] = useState<DocumentData | null>(null);
  const [seen, setSeen] = useState<unknown>(null);
  // Unsaved changes: set by the user's first change, cleared by a save, a cancel or a reload. The
  // ref is read when leaving (LeaveGuard), so a save that navigates on clears it at once.
  const [dirty, setDirty] = useState(false);
  const dirtyRef = useRef(false);
  const markDirty = useCallback((on: boolean) => {
    dirtyRef.current = on;
    setDirty(on);
  }, []);

  const source = creating ? config : doc;
  if (config && source && source !== seen) {
    setSeen(source);
    if (creating) setDraft(newDraft(config, user));
    else if (mode !== 'edit' || !draft) {
      // the first copy of a document opened to edit: straight into edit mode, one render less
      if (!draft && doc && editOnLoad && mode === 'read') setMode('edit');
      setDraft(doc ?? null);
    }
  }

  // Incremental pricing: only edited lines are recomputed, the totals adjusted by their difference.
  const [pricer] = useState(createPricer);
  // An edit before the first pricing is done prices what is left at once.
  const [primed, setPrimed] = useState(false);
  const deferPricing = !primed && Boolean(draft) && draft === doc;
  useEffect(() => {
    if (!deferPricing || !draft || !warm) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const step = () => {
      if (pricer.warm(draft, performance.now() + 8)) setPrimed(true);
      else timer = setTimeout(step, 0);
    };
    timer = setTimeout(step, 0);
    return () => clearTimeout(timer);
  }, [deferPricing, draft, pricer, warm]);
  const priced = useMemo(
    () => (draft && !deferPricing ? pricer(draft) : null),
    [draft, deferPricing, pricer],
  );
  const view = useMemo<DocumentData | null>(() => {
    if (!draft) return null;
    if (!priced) return deferPricing ? draft : null;
    return {
      ...draft,
      ...(priced.totals ?? {}),
      lines: Array.isArray(draft.lines) ? priced.lines : draft.lines,
    };
  }, [draft, priced, deferPricing]);

  /** enter edit mode (the url's edit action, the Edit button) */
  const edit = useCallback(() => setMode((m) => (m === 'read' ? 'edit' : m)), []);

  return {
    mode,
    draft,
    view,
    edit,
    /** a field's new value ('lines' replaces the lines) */
    /** the user changed something that is not saved yet */
    dirty,
    /** read at the moment of leaving */
    isDirty: () => dirtyRef.current,
    /** the changes are saved or given up (before the form navigates on) */
    markClean: () => markDirty(false),
    change: (field: FieldDef, type: string, value: unknown) => {
      markDirty(true);
      setDraft((d) =>
        d
          ? type === 'lines'
            ? { ...d, lines: value as DocumentData['lines'] }
            : setPath(d, valuePath(field, type), value)
          : d,
      );
    },
    /** show `stored` in read mode (a save's answer; cancel with the stored copy) */
    show: (stored: DocumentData | null) => {
      markDirty(false);
      setDraft(stored);
      setSeen(stored);
      setMode('read');
    },
    /** replace the draft by `fresh` and stay in the mode (reload after a conflict) */
    replace: (fresh: DocumentData) => {
      markDirty(false);
      setDraft(fresh);
      setSeen(fresh);
    },
  };
}

export type DocumentDraft = ReturnType<typeof useDocumentDraft>;
