import { formatDate, formatTime } from '@p2p/domain';

/** When a message was written: dd-MM-yyyy HH:mm. */
export const when = (ts: string) => `${formatDate(ts)} ${formatTime(ts)}`;
