import { useMemo, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import type { UnspscCode, UnspscList, UnspscScope } from '@p2p/domain';
import { api } from '../../lib/api-client.ts';
import { Tree } from '../tree/Tree.tsx';
import type { TreeItem } from '../tree/tree-model.ts';
import { STATUS_ICONS } from './status-icons.ts';

const UNSPSC_CODE = /^[0-9]{8}$/;
const NO_NODES: TreeItem[] = [];

const toNode = (c: UnspscCode): TreeItem => ({
  key: c.code,
  label: `${c.code} ${c.title}`,
  ...(c.level === 4 ? { leaf: true } : {}),
});

const codes = async (query: Record<string, string>) =>
  (await api.get<UnspscList>('/unspsc', { query })).items.map(toNode);

/**
 * The ERP material group of a code in the caller's tenant, asked once per code: a code that maps
 * to none is outside the scope of the integration (seed 001 section 4.1, status unspsc-fail).
 */
function useOutOfScope(code: string): boolean {
  const scope = useQuery({
    queryKey: ['unspsc', 'material-group', code],
    queryFn: () => api.get<UnspscScope>('/unspsc/material-group', { query: { code } }),
    enabled: UNSPSC_CODE.test(code),
    staleTime: 60_000,
  });
  return scope.data?.materialGroup === null;
}

/** A line's UNSPSC code, with the unspsc-fail icon when the code maps to no ERP material group. */
export function UnspscCodeDisplay({ value, testId }: { value: unknown; testId?: string }) {
  const { t } = useTranslation();
  const code = typeof value === 'string' ? value : '';
  const outside = useOutOfScope(code);
  if (!code) return null;
  const label = t('status.unspsc-fail');
  return (
    <span className="field-unspsc" data-testid={testId}>
      {code}
      {outside && (
        <span className="field-status" data-status="unspsc-fail" title={label}>
          {' '}
          <i className={STATUS_ICONS['unspsc-fail']} aria-hidden="true" />
          <span className="sr-only">{label}</span>
        </span>
      )}
    </span>
  );
}

export interface UnspscInputProps {
  id: string;
  value: unknown;
  onChange: (code: string | null) => void;
  ariaLabel?: string;
  disabled?: boolean;
}

/**
 * A code typed by hand or picked from the UNSPSC tree (segment, family, class, commodity: each
 * level asked when opened) or from a search by code prefix or words.
 */
export function UnspscInput({ id, value, onChange, ariaLabel, disabled }: UnspscInputProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const code = typeof value === 'string' ? value : '';
  const segments = useQuery({
    queryKey: ['unspsc', 'segments'],
    queryFn: () => codes({}),
    enabled: open,
    staleTime: 5 * 60_000,
  });
  const q = text.trim();
  const found = useQuery({
    queryKey: ['unspsc', 'search', q],
    queryFn: () => codes({ q }),
    enabled: open && q.length >= 2,
  });
  // one array per answer: the tree starts over (closed, unloaded) when it is handed new nodes
  const results = useMemo(() => (found.data ?? NO_NODES).map((n) => ({ ...n, leaf: true })), [found.data]);
  const nodes = q.length >= 2 ? results : (segments.data ?? NO_NODES);
  const pick = (node: TreeItem) => {
    onChange(node.key);
    setOpen(false);
  };
  return (
    <span className="unspsc-input" style={{ display: 'inline-flex', gap: '0.25rem', alignItems: 'center' }}>
      <InputText
        id={id}
        value={code}
        disabled={disabled}
        aria-label={ariaLabel ?? t('unspsc.code')}
        maxLength={8}
        inputMode="numeric"
        size={9}
        onChange={(e) => onChange(e.target.value.trim() || null)}
      />
      <Button
        type="button"
        icon="pi pi-sitemap"
        text
        size="small"
        disabled={disabled}
        aria-label={t('unspsc.pick')}
        onClick={() => setOpen(true)}
        data-testid={`${id}-pick`}
      />
      <UnspscCodeDisplayIcon code={code} />
      <Dialog
        header={t('unspsc.pickTitle')}
        visible={open}
        onHide={() => setOpen(false)}
        style={{ width: 'min(40rem, 95vw)' }}
        data-testid="unspsc-picker"
      >
        <InputText
          value={text}
          placeholder={t('unspsc.search')}
          aria-label={t('unspsc.search')}
          onChange={(e) => setText(e.target.value)}
          style={{ width: '100%', marginBottom: '0.5rem' }}
          data-testid="unspsc-search"
        />
        <Tree
          nodes={nodes}
          selectionMode="single"
          selectedKey={code || null}
          onSelect={pick}
          loadChildren={(node) => codes({ parent: node.key })}
          query=""
          testId="unspsc-tree"
          ariaLabel={t('unspsc.pickTitle')}
        />
      </Dialog>
    </span>
  );
}

/** The unspsc-fail icon next to the input, so the line says so before the send is refused. */
function UnspscCodeDisplayIcon({ code }: { code: string }) {
  const { t } = useTranslation();
  if (!useOutOfScope(code)) return null;
  const label = t('status.unspsc-fail');
  return (
    <span className="field-status" data-status="unspsc-fail" title={label}>
      <i className={STATUS_ICONS['unspsc-fail']} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
