import type { AuthContext } from '../auth/auth.service.ts';
import type { Db } from '../db/database.ts';
import { modelConfigRepository } from '../documents/document.repository.ts';
import { documentScope } from '../documents/document.scope.ts';
import type { DocumentService } from '../documents/document.service.ts';
import { isModel, localize } from '../documents/model-config.ts';
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
export function favoriteService(db: Db, documents: Pick<DocumentService, 'find'>) {
  const repo = favoriteRepository(db);
  const configs = modelConfigRepository(db);
  return {
    async toggle(auth: AuthContext, model: string, id: string) {
      const row = await documents.find(auth, model, id);
      const favorite = await repo.toggle(auth.domainId, auth.user._id, row.model, row.id);
      return { favorite };
    },

    async list(auth: AuthContext, userId: string): Promise<FavoriteGroup[]> {
      if (userId !== auth.user._id) throw forbidden('Favorites are shown only to their owner.');
      const groups: FavoriteGroup[] = [];
      for (const name of await repo.models(auth.domainId, auth.user._id)) {
        if (!isModel(name)) continue;
        const found = await configs.latest(auth.domainId, name);
        if (!found) continue;
        const items = await repo.items(auth.user._id, name, documentScope(auth, found.config).where);
        if (!items.length) continue;
        groups.push({
          label: String(localize(found.config.label, auth.user.lang)),
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
