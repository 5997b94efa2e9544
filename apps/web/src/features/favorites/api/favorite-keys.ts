/** The favorites of a user (GET /profile/favorites/{userId}); every change reloads them. */
export const favoriteKeys = {
  all: ['favorites'] as const,
  of: (userId: string) => ['favorites', userId] as const,
};
