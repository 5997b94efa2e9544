import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import {
  ACTIVITY_DEFAULT_COUNT,
  ACTIVITY_DEFAULT_KIND,
  ACTIVITY_KINDS,
  ACTIVITY_MAX_COUNT,
  activityKind,
  clampActivityCount,
} from '@p2p/domain';
import { Loading } from '../../../components/Loading.tsx';
import { useUser } from '../../../lib/session.ts';
import { storage } from '../../../lib/storage.ts';
import { useActivity } from '../api/get-activity.ts';
import './activity.css';

/** The choice of kind and count is the user's, kept in this browser. */
export const ACTIVITY_STORAGE_KEY = 'p2p.activity';

export interface ActivitySettings {
  kind: number;
  count: number;
}

function storedSettings(): ActivitySettings {
  const saved = storage.getJson<Partial<ActivitySettings>>(ACTIVITY_STORAGE_KEY);
  const kind = activityKind(Number(saved?.kind)) ? Number(saved?.kind) : ACTIVITY_DEFAULT_KIND;
  return {
    kind,
    count: saved?.count === undefined ? ACTIVITY_DEFAULT_COUNT : clampActivityCount(saved.count),
  };
}

export interface ActivityCardProps {
  /** editable: the kind dropdown and the Show count are offered (seed 001 section 2.2) */
  editable?: boolean;
  /** a fixed kind and count (a dashboard widget's parameters); absent: the user's stored choice */
  settings?: ActivitySettings;
}

const isExternal = (url: string) => /^[a-z]+:\/\//i.test(url);

/** Recent activity (seed 001 section 2.2): the newest documents of one of 12 kinds. */
export function ActivityCard({ editable = true, settings }: ActivityCardProps) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const navigate = useNavigate();
  const ids = useId();
  const [chosen, setChosen] = useState<ActivitySettings>(() => settings ?? storedSettings());
  const { kind, count } = settings ?? chosen;
  const activity = useActivity(user?._id, kind, count, i18n.language);
  const current = activityKind(kind) ?? ACTIVITY_KINDS[0]!;

  const change = (next: Partial<ActivitySettings>) => {
    const value = { ...chosen, ...next };
    setChosen(value);
    storage.setJson(ACTIVITY_STORAGE_KEY, value);
  };
  const open = (url: string) => (isExternal(url) ? window.location.assign(url) : navigate(url));
  const groups = (activity.data ?? []).filter((g) => g.items.length);

  return (
    <section className="card activity" data-testid="activity-card" aria-busy={activity.isFetching}>
      <h2>{t('activity.title')}</h2>
      {editable ? (
        <div className="activity__controls">
          <label htmlFor={`${ids}-kind`} className="activity__control">
            <span>{t('activity.kind')}</span>
            <Dropdown
              inputId={`${ids}-kind`}
              value={kind}
              options={ACTIVITY_KINDS.map((k) => ({ value: k.id, label: t(`activity.kinds.${k.key}`) }))}
              onChange={(e) => change({ kind: Number(e.value) })}
              data-testid="activity-kind"
            />
          </label>
          <label htmlFor={`${ids}-count`} className="activity__control activity__control--count">
            <span>{t('activity.show')}</span>
            <InputNumber
              inputId={`${ids}-count`}
              value={count}
              min={1}
              max={ACTIVITY_MAX_COUNT}
              showButtons
              allowEmpty={false}
              onValueChange={(e) => change({ count: clampActivityCount(e.value ?? ACTIVITY_DEFAULT_COUNT) })}
              data-testid="activity-count"
            />
          </label>
        </div>
      ) : (
        <h3 data-testid="activity-kind-label">{t(`activity.kinds.${current.key}`)}</h3>
      )}
      {activity.isLoading ? (
        <Loading />
      ) : activity.isError ? (
        <p className="muted" data-testid="activity-error">
          {activity.error.message}
        </p>
      ) : !groups.length ? (
        <p className="muted" data-testid="activity-empty">
          {t('activity.empty')}
        </p>
      ) : (
        groups.map((g) => (
          <div key={g.label} className="activity__group" data-testid="activity-group">
            {groups.length > 1 && <h3>{g.label}</h3>}
            <ul>
              {g.items.map((item) => (
                <li key={item._id}>
                  <Button
                    type="button"
                    link
                    label={item.name}
                    onClick={() => open(item.url)}
                    data-testid={`activity-item-${item._id}`}
                  />
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
