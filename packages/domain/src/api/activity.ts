/**
 * The profile's recent activity and the user's photo (seed 001 sections 2.2, 3, 5 and 7).
 */
import { Type, type Static } from 'typebox';
import { ACTIVITY_DEFAULT_COUNT, ACTIVITY_KINDS, ACTIVITY_MAX_COUNT } from '../activity/kinds.ts';

/** GET /profile/activity/{userId}: the caller's own id only. */
export const ActivityParamsSchema = Type.Object({ userId: Type.String({ minLength: 1, maxLength: 100 }) });

/** ?k= the kind (0 to 11), ?l= how many items (default 5). */
export const ActivityQuerySchema = Type.Object({
  k: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: ACTIVITY_KINDS.length - 1,
      description: ACTIVITY_KINDS.map((k) => `${k.id}: ${k.label.en}`).join('; '),
    }),
  ),
  l: Type.Optional(
    Type.Integer({ minimum: 1, maximum: ACTIVITY_MAX_COUNT, default: ACTIVITY_DEFAULT_COUNT }),
  ),
});
export type ActivityQuery = Static<typeof ActivityQuerySchema>;

export const ActivityItemSchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  url: Type.String({ description: 'the path of the document in the web app' }),
});
export type ActivityItem = Static<typeof ActivityItemSchema>;

/** An activity group: the kind's label in the caller's language and its newest documents. */
export const ActivityGroupSchema = Type.Object({
  label: Type.String(),
  items: Type.Array(ActivityItemSchema),
});
export type ActivityGroup = Static<typeof ActivityGroupSchema>;
export const ActivityListSchema = Type.Array(ActivityGroupSchema);

/** GET /profile/photo/{userId} */
export const PhotoParamsSchema = Type.Object({ userId: Type.String({ minLength: 1, maxLength: 100 }) });

/** POST /profile/photo: the stored photo (a PNG file). */
export const PhotoSavedSchema = Type.Object({
  ok: Type.Literal(true),
  photo: Type.Object({
    _id: Type.String({ description: 'the stored file' }),
    size: Type.Integer({ description: 'bytes' }),
    side: Type.Integer({ description: 'width and height in pixels' }),
  }),
});
export type PhotoSaved = Static<typeof PhotoSavedSchema>;

/** DELETE /profile/photo: whether there was a photo to remove. */
export const PhotoRemovedSchema = Type.Object({ ok: Type.Literal(true), removed: Type.Boolean() });
export type PhotoRemoved = Static<typeof PhotoRemovedSchema>;
