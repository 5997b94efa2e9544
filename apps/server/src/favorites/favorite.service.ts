import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import type { DocumentAccess } from '../documents/document.access.ts';
import { localize } from '../documents/model-config.ts';
import { forbidden } from '../lib/app-error.ts';
import { favoriteRepository } from './favorite.repository.ts';

export interface FavoriteGroup {
  label: string;
  model: string;
  route: string;
  items: Array<{ _id: string; name: string; url: string }>;
}

/**
 * Favorite documents (seed 001 section 2.1). A favorite is toggled on a document the caller can
 * see (404 otherwise); the list holds only documents still inside the caller's document scope.
 */
export function favoriteService(db: Db, access: Pick<DocumentAccess, 'find' | 'viewableModels'>) {
  const repo = favoriteRepository(db);
  return {
    async toggle(auth: AuthContext, model: string, id: string) {
      const { row } = await access.find(auth, model, id);
      const favorite = await repo.toggle(auth.domainId, auth.user._id, row.model, row.id);
      return { favorite };
    },

    async list(auth: AuthContext, userId: string): Promise<FavoriteGroup[]> {
      if (userId !== auth.user._id) throw forbidden('Favorites are shown only to their owner.');
      const groups: FavoriteGroup[] = [];
      const favoriteModels = new Set(await repo.models(auth.domainId, auth.user._id));
      for (const { model, scope } of await access.viewableModels(auth)) {
        if (!favoriteModels.has(model.name)) continue;
        const name = model.name;
        const items = await repo.items(auth.user._id, name, scope.where);
        if (!items.length) continue;
        groups.push({
          label: String(localize(model.label, auth.user.lang)),
          model: name,
          route: `/${name}`,
          items: items.map((i) => ({
            _id: i.id,
            name: [i.key, i.description ?? i.name].filter(Boolean).join(' - ') || `#${i.id}`,
            url: `/${name}/${i.id}`,
          })),
        });
      }
      return groups;
    },
  };
}

export type FavoriteService = ReturnType<typeof favoriteService>;
