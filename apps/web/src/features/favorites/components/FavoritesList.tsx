import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { useUser } from '../../../lib/session.ts';
import { showToast } from '../../../lib/toasts.ts';
import type { FavoriteGroup } from '@p2p/domain';
import { useFavorites } from '../api/get-favorites.ts';
import { useRemoveFavorite } from '../api/remove-favorite.ts';

type FavoriteItem = FavoriteGroup['items'][number];

/** Seed 001 section 2.1: default number of items shown per group. */
export const FAVORITES_SHOWN = 5;

export interface FavoritesListProps {
  /** card: clicking goes to the item's url; list: to {route}/{id}, with a Delete button per item */
  variant?: 'card' | 'list';
  count?: number;
}

const joinRoute = (route: string, id: string) => `${route.replace(/\/+$/, '')}/${encodeURIComponent(id)}`;
const isExternal = (url: string) => /^[a-z]+:\/\//i.test(url);

/** The signed-in user's favorites grouped by label (seed 001 section 2.1). */
export function FavoritesList({ variant = 'card', count = FAVORITES_SHOWN }: FavoritesListProps) {
  const { t } = useTranslation();
  const user = useUser();
  const navigate = useNavigate();
  const favorites = useFavorites(user?._id);
  const removal = useRemoveFavorite();
  const [deleting, setDeleting] = useState<{ group: FavoriteGroup; item: FavoriteItem } | null>(null);

  const open = (group: FavoriteGroup, item: FavoriteItem) => {
    const to = variant === 'card' ? item.url : joinRoute(group.route, item._id);
    if (isExternal(to)) window.location.assign(to);
    else navigate(to);
  };

  const remove = () => {
    if (!deleting) return;
    const { group, item } = deleting;
    setDeleting(null);
    removal.mutate(
      { model: group.model, id: item._id },
      {
        onSuccess: () => showToast({ severity: 'success', detail: t('favorites.deleted') }),
        onError: (err) => showToast({ severity: 'error', detail: err.message }),
      },
    );
  };

  const groups = (favorites.data ?? []).filter((g) => g.items.length);
  return (
    <section
      className={variant === 'card' ? 'card favorites' : 'favorites favorites--list'}
      data-testid={variant === 'card' ? 'favorites-card' : 'favorites-list'}
    >
      <h2>{t('favorites.title')}</h2>
      {favorites.isLoading ? (
        <Loading />
      ) : !groups.length ? (
        <p className="muted" data-testid="favorites-empty">
          {t('favorites.empty')}
        </p>
      ) : (
        groups.map((g) => (
          <div
            key={`${g.model}-${g.label}`}
            className="favorites__group"
            data-testid={`favorites-group-${g.model}`}
          >
            <h3>{g.label}</h3>
            <ul>
              {g.items.slice(0, count).map((item) => (
                <li key={item._id} className="favorites__item">
                  <Button
                    type="button"
                    link
                    label={item.name}
                    data-testid={`favorite-item-${g.model}-${item._id}`}
                    onClick={() => open(g, item)}
                  />
                  {variant === 'list' && (
                    <Button
                      type="button"
                      icon="pi pi-trash"
                      label={t('favorites.delete')}
                      text
                      size="small"
                      severity="danger"
                      data-testid={`favorite-delete-${g.model}-${item._id}`}
                      onClick={() => setDeleting({ group: g, item })}
                    />
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
      <ConfirmDialog
        visible={Boolean(deleting)}
        message={t('favorites.deleteConfirm', { name: deleting?.item.name ?? '' })}
        onAccept={remove}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
