import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, type ApiErrorBody, type PhotoRemoved, type PhotoSaved } from '@p2p/domain';
import { api, ApiError, apiUrl, buildHeaders } from '../../../lib/api-client.ts';

/** The photos by user id (GET /profile/photo/{userId}); an upload or removal reloads the user's. */
export const photoKeys = {
  all: ['photo'] as const,
  of: (userId: string) => ['photo', userId] as const,
};

/**
 * GET /profile/photo/{userId}: the PNG needs the bearer token, so it is fetched with the api
 * headers as a Blob; 404 (no photo, or not one the caller may see) answers null: the placeholder.
 */
export async function fetchPhoto(userId: string): Promise<Blob | null> {
  const res = await fetch(apiUrl(`/profile/photo/${encodeURIComponent(userId)}`), {
    headers: buildHeaders({ Accept: 'image/png' }),
  });
  if (res.status === 404) return null;
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as Partial<ApiErrorBody> | null;
    throw new ApiError(errorMessage(body, res.status, res.statusText), res.status, body);
  }
  return res.blob();
}

export const usePhotoBlob = (userId: string | undefined) =>
  useQuery({
    queryKey: photoKeys.of(userId ?? ''),
    queryFn: () => fetchPhoto(userId!),
    enabled: Boolean(userId),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** An object URL of the user's photo while it is shown, or null for the placeholder. */
export function usePhotoUrl(userId: string | undefined): string | null {
  const { data } = usePhotoBlob(userId);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!data) return setUrl(null);
    const next = URL.createObjectURL(data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [data]);
  return url;
}

/** POST /profile/photo (multipart files[0]): the square crop as a PNG image (seed 001 section 5). */
export const uploadPhoto = (png: Blob) => {
  const form = new FormData();
  form.append('files[0]', png, 'photo.png');
  return api.post<PhotoSaved>('/profile/photo', form);
};

/** DELETE /profile/photo: the placeholder shows again. */
export const removePhoto = () => api.delete<PhotoRemoved>('/profile/photo');

export function useUploadPhoto(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: () => client.invalidateQueries({ queryKey: photoKeys.of(userId) }),
  });
}

export function useRemovePhoto(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removePhoto,
    onSuccess: () => client.invalidateQueries({ queryKey: photoKeys.of(userId) }),
  });
}
