import { useTranslation } from '../../../lib/use-translation.ts';
import { initials } from '@p2p/domain';
import { usePhotoUrl } from '../api/photo.ts';
import '../profile.css';

export interface UserAvatarProps {
  user: { _id: string; name: string };
  size?: 'small' | 'large';
}

/**
 * A user's photo, or the no-photo placeholder with the initials (seed 001 section 3: the first
 * letter of the name plus the first letter after the last space). The server answers only photos
 * the caller may see; any other shows the placeholder.
 */
export function UserAvatar({ user, size = 'small' }: UserAvatarProps) {
  const { t } = useTranslation();
  const url = usePhotoUrl(user._id);
  const className = `user-avatar user-avatar--${size}`;
  if (url)
    return (
      <img
        className={className}
        src={url}
        alt={t('photo.alt', { name: user.name })}
        data-testid="user-photo"
      />
    );
  return (
    <span
      className={`${className} user-avatar--none`}
      role="img"
      aria-label={`${t('photo.noPhoto')}: ${user.name}`}
      title={user.name}
      data-testid="user-no-photo"
    >
      {initials(user.name) || <i className="pi pi-user" aria-hidden="true" />}
    </span>
  );
}
