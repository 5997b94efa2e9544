import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useUser } from '../../../lib/session.ts';
import { showToast } from '../../../lib/toasts.ts';
import { favoriteIds, invalidateFavorites, toggleFavorite, useFavorites } from '../api/favorites.ts';

export interface FavoriteToggleProps {
  model: string;
  id: string;
  /** the document's own flag, when the server sends one */
  initial?: boolean;
  size?: 'small' | 'normal';
  testId?: string;
}

/** A star that adds the document to the user's favorites or removes it (POST .../favorite toggles). */
export function FavoriteToggle({ model, id, initial, size = 'normal', testId = 'favorite-toggle' }: FavoriteToggleProps) {
  const { t } = useTranslation();
  const user = useUser();
  const client = useQueryClient();
  const favorites = useFavorites(user?._id);
  const [local, setLocal] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const on = local ?? initial ?? favoriteIds(favorites.data, model).has(String(id));
  const label = on ? t('favorites.remove') : t('favorites.add');

  const toggle = async () => {
    setBusy(true);
    try {
      const res = await toggleFavorite(model, id);
      setLocal(typeof res?.favorite === 'boolean' ? res.favorite : !on);
      void invalidateFavorites(client);
    } catch (err) {
      showToast({ severity: 'error', detail: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      type="button"
      icon={on ? 'pi pi-star-fill' : 'pi pi-star'}
      text
      rounded
      size={size === 'small' ? 'small' : undefined}
      aria-label={label}
      title={label}
      aria-pressed={on}
      disabled={busy}
      data-testid={testId}
      data-favorite={on}
      onClick={(e) => {
        e.stopPropagation();
        void toggle();
      }}
    />
  );
}
