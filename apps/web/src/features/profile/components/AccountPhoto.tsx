import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { usePhotoBlob, useRemovePhoto } from '../api/photo.ts';
import { PhotoDialog, type PhotoDialogProps } from './PhotoDialog.tsx';
import { UserAvatar } from './UserAvatar.tsx';

export interface AccountPhotoProps {
  user: { _id: string; name: string };
  io?: PhotoDialogProps['io'];
}

/** The account page's photo: the photo or the no-photo placeholder, Change photo and Remove photo. */
export function AccountPhoto({ user, io }: AccountPhotoProps) {
  const { t } = useTranslation();
  const photo = usePhotoBlob(user._id);
  const removal = useRemovePhoto(user._id);
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);

  const remove = () => {
    setRemoving(false);
    removal.mutate(undefined, {
      onSuccess: () => showToast({ severity: 'success', detail: t('photo.removed') }),
      onError: (err) => showToast({ severity: 'error', detail: err.message }),
    });
  };

  return (
    <section className="account-photo" aria-label={t('photo.title')} data-testid="account-photo">
      <UserAvatar user={user} size="large" />
      <div className="account-photo__actions">
        <Button
          type="button"
          icon="pi pi-camera"
          label={t('photo.change')}
          outlined
          onClick={() => setEditing(true)}
          data-testid="photo-change"
        />
        {photo.data && (
          <Button
            type="button"
            icon="pi pi-trash"
            label={t('photo.remove')}
            text
            severity="danger"
            disabled={removal.isPending}
            onClick={() => setRemoving(true)}
            data-testid="photo-remove"
          />
        )}
      </div>
      <PhotoDialog
        userId={user._id}
        visible={editing}
        onHide={() => setEditing(false)}
        {...(io ? { io } : {})}
      />
      <ConfirmDialog
        visible={removing}
        message={t('photo.removeConfirm')}
        onAccept={remove}
        onCancel={() => setRemoving(false)}
      />
    </section>
  );
}
