import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { useUser } from '../../../lib/session.ts';
import { showToast } from '../../../lib/toasts.ts';
import { favoriteIds, useFavorites } from '../api/get-favorites.ts';
import { useToggleFavorite } from '../api/toggle-favorite.ts';

export interface FavoriteToggleProps {
  model: string;
  id: string;
  size?: 'small' | 'normal';
  testId?: string;
}

/** A star that adds the document to the user's favorites or removes it (POST .../favorite toggles). */
export function FavoriteToggle({
  model,
  id,
  size = 'normal',
  testId = 'favorite-toggle',
}: FavoriteToggleProps) {
  const { t } = useTranslation();
  const user = useUser();
  const favorites = useFavorites(user?._id);
  const toggle = useToggleFavorite(model, id);
  // the toggle's answer until the reloaded list says the same
  const on = toggle.data?.favorite ?? favoriteIds(favorites.data, model).has(id);
  const label = on ? t('favorites.remove') : t('favorites.add');
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
      disabled={toggle.isPending}
      data-testid={testId}
      data-favorite={on}
      onClick={(e) => {
        e.stopPropagation();
        toggle.mutate(undefined, { onError: (err) => showToast({ severity: 'error', detail: err.message }) });
      }}
    />
  );
}
