import type { DownloadLink } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';

/**
 * Opens a note's file in a new tab through a download link the server mints for it (5 minutes; a
 * link carries no bearer token). The tab opens before the call so pop-up blockers allow it.
 */
export async function openNoteFile(fileId: string): Promise<void> {
  const tab = typeof window.open === 'function' ? window.open('', '_blank') : null;
  try {
    const link = await api.post<DownloadLink>(`/files/${encodeURIComponent(fileId)}/download-token`);
    if (tab) tab.location.href = link.url;
    else window.location.assign(link.url);
  } catch (err) {
    tab?.close();
    throw err;
  }
}
