import {
  ACTIVITY_DEFAULT_COUNT,
  ACTIVITY_DEFAULT_KIND,
  activityKind,
  clampActivityCount,
  notificationLang,
  type ActivityGroup,
} from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import type { DocumentAccess } from '../documents/document.access.ts';
import { AppError, forbidden } from '../lib/app-error.ts';
import { activityRepository } from './activity.repository.ts';

/**
 * Recent activity of the profile (seed 001 sections 2.2 and 7): the caller's newest documents of
 * one kind. Every kind is a query inside the caller's document scope (documents.access: tenant,
 * role, suppliers only their own company's documents in the states they see), narrowed by the
 * kind's states and conditions. It is the caller's own view, not the group drawer's list: the
 * working context does not narrow it, as it does not narrow favorites.
 */
export function activityService(db: Db, access: Pick<DocumentAccess, 'viewableModels'>) {
  const repo = activityRepository(db);
  return {
    async list(
      auth: AuthContext,
      userId: string,
      query: { k?: number; l?: number },
    ): Promise<ActivityGroup[]> {
      if (userId !== auth.user._id) throw forbidden('Recent activity is shown only to its owner.');
      const kind = activityKind(query.k ?? ACTIVITY_DEFAULT_KIND);
      if (!kind)
        throw new AppError('bad_request', `Unknown activity kind '${query.k}'.`, { key: 'activity.kind' });
      const count = clampActivityCount(query.l ?? ACTIVITY_DEFAULT_COUNT);
      // a model the caller cannot view has no activity for it (a supplier's requisitions): empty
      const loaded = (await access.viewableModels(auth)).find((m) => m.model.name === kind.model);
      if (!loaded) return [];
      const rows = await repo.documents(loaded.scope.where, kind, auth.user._id, count);
      if (!rows.length) return [];
      return [
        {
          label: kind.label[notificationLang(auth.user.lang)],
          items: rows.map((r) => ({
            _id: r.id,
            name: [r.key, r.description ?? r.name].filter(Boolean).join(' - ') || `#${r.id}`,
            url: `/${kind.model}/${r.id}`,
          })),
        },
      ];
    },
  };
}

export type ActivityService = ReturnType<typeof activityService>;
