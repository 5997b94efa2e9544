import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { findOrgPath, type GroupEntry, type SessionUser, type UserContext } from '@p2p/domain';
import { SidePanel } from '../../../components/SidePanel.tsx';
import { Loading } from '../../../components/Loading.tsx';
import {
  changeWorkingContext,
  currentGroupName,
  userLocations,
  userWorkgroups,
} from '../../../lib/working-context.ts';
import { useUserGroups } from '../api/shell.ts';
import {
  CLEARED_CONTEXT,
  contextForGroup,
  contextForLocation,
  contextForNode,
  contextForOption,
  contextForWorkgroup,
  showsGroupEntries,
} from '../context-choices.ts';
import { OrganizationTree } from './OrganizationTree.tsx';
import './group-drawer.css';

export { CLEARED_CONTEXT, contextForNode, contextForOption } from '../context-choices.ts';

type View = 'organization' | 'groups' | 'locations' | 'workgroups';

export interface GroupDrawerProps {
  visible: boolean;
  onHide: () => void;
  user: SessionUser;
  /** test seam; defaults to POST /profile/user/config, then every query is fetched again */
  save?: (context: UserContext) => Promise<unknown>;
}

function ChoiceButton({
  active,
  disabled,
  icon,
  label,
  testId,
  onClick,
}: {
  active: boolean;
  disabled: boolean;
  icon: string;
  label: string;
  testId: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`group-list__item${active ? ' group-list__item--active' : ''}`}
      aria-pressed={active}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
    >
      <i className={icon} aria-hidden="true" /> <span className="group-list__label">{label}</span>
    </button>
  );
}

/**
 * The group drawer (right): 'Keep working in' the current choice, or pick from the organization tree,
 * the group list, the user's locations or workgroups. The choice is the working context every later
 * call carries.
 */
export function GroupDrawer({ visible, onHide, user, save }: GroupDrawerProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data, isLoading, error } = useUserGroups(visible);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [mode, setMode] = useState<View | null>(null);

  const organization = useMemo(() => data?.organization ?? [], [data]);
  const locations = userLocations(user);
  const workgroups = userWorkgroups(user);
  const ctx = user.context ?? {};
  const currentName = currentGroupName(user, data);

  const apply = async (context: UserContext | null) => {
    if (!context) return;
    setBusy(true);
    setFailure(null);
    try {
      await (save ? save(context) : changeWorkingContext(context, client));
      onHide();
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const views: View[] = [
    ...(organization.length ? (['organization'] as const) : []),
    'groups',
    ...(locations.length ? (['locations'] as const) : []),
    ...(workgroups.length ? (['workgroups'] as const) : []),
  ];
  const preferred: View =
    ctx.active === 'organization'
      ? 'organization'
      : ctx.location
        ? 'locations'
        : ctx.workgroup
          ? 'workgroups'
          : ctx.active === 'group'
            ? 'groups'
            : (views[0] ?? 'groups');
  const view: View = mode && views.includes(mode) ? mode : views.includes(preferred) ? preferred : 'groups';

  const entryButton = (entry: GroupEntry, kind: 'group' | 'location' | 'workgroup', selected: boolean) => {
    const pick = { group: contextForGroup, location: contextForLocation, workgroup: contextForWorkgroup }[
      kind
    ];
    const icon = { group: 'pi pi-users', location: 'pi pi-map-marker', workgroup: 'pi pi-briefcase' }[kind];
    return (
      <ChoiceButton
        key={entry._id}
        active={selected}
        disabled={busy}
        icon={icon}
        label={entry.name}
        testId={`${kind}-entry-${entry.key}`}
        onClick={() => void apply(pick(entry))}
      />
    );
  };

  return (
    <SidePanel
      visible={visible}
      onHide={onHide}
      position="right"
      title={t('shell.groups.title')}
      testId="group-drawer"
      className="group-drawer"
    >
      <p className="group-drawer__current">
        {t('messages.keepWorkingIn')}{' '}
        <strong data-testid="group-drawer-current">{currentName || t('shell.groups.none')}</strong>
      </p>
      <p className="group-drawer__hint">{t('messages.selectFromList')}</p>
      {failure && (
        <Message severity="error" text={failure} className="w-full mb-2" data-testid="group-error" />
      )}
      {isLoading && <Loading />}
      {error && <Message severity="error" text={error.message} className="w-full mb-2" />}
      {data && views.length > 1 && (
        <div className="group-drawer__modes" role="tablist">
          {views.map((v) => (
            <Button
              key={v}
              type="button"
              size="small"
              role="tab"
              aria-selected={view === v}
              outlined={view !== v}
              label={t(
                v === 'groups'
                  ? 'shell.groups.list'
                  : v === 'organization'
                    ? 'shell.groups.organization'
                    : `workingContext.${v}`,
              )}
              onClick={() => setMode(v)}
              data-testid={`group-mode-${v}`}
            />
          ))}
        </div>
      )}
      {data && view === 'organization' && (
        <OrganizationTree
          organization={organization}
          selectedKey={ctx.active === 'organization' ? (ctx.plant ?? null) : null}
          disabled={busy}
          onSelect={(key) => {
            const node = findOrgPath(organization, key).at(-1);
            if (node) void apply(contextForNode(node));
          }}
        />
      )}
      {data && view === 'groups' && (
        <div className="group-list" data-testid="group-list">
          {data.options.map((o) => (
            <ChoiceButton
              key={o.key}
              active={ctx.active === 'group' && (ctx.group ?? 'created-by-me') === o.key}
              disabled={busy}
              icon="pi pi-filter"
              label={t(`groupOptions.${o.key}`, { defaultValue: o.label })}
              testId={`group-option-${o.key}`}
              onClick={() => void apply(contextForOption(o))}
            />
          ))}
          {showsGroupEntries(data) &&
            data.groups.map((g) => entryButton(g, 'group', ctx.active === 'group' && ctx.group === g._id))}
        </div>
      )}
      {view === 'locations' && (
        <div className="group-list" data-testid="location-list">
          {locations.map((l) => entryButton(l, 'location', ctx.location === l._id))}
        </div>
      )}
      {view === 'workgroups' && (
        <div className="group-list" data-testid="workgroup-list">
          {workgroups.map((w) => entryButton(w, 'workgroup', ctx.workgroup === w._id))}
        </div>
      )}
      <div className="group-drawer__buttons">
        <Button
          type="button"
          label={t('shell.groups.close')}
          severity="secondary"
          outlined
          onClick={onHide}
          data-testid="group-close"
        />
        <Button
          type="button"
          label={t('shell.groups.clear')}
          severity="secondary"
          disabled={busy}
          onClick={() => void apply(CLEARED_CONTEXT)}
          data-testid="group-clear"
        />
      </div>
    </SidePanel>
  );
}
