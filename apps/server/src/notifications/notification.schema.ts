/** Schemas of the notification routes: an id parameter and the contract's answers. */
export { IdParams as NotificationParams, TsQuery as NotificationListQuery } from '../lib/schemas.ts';
