import type { ListOptions, UserLookup } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /reference/user?q: the people to chat with, ten at a time. Suppliers' users are left out
 * here already (the server refuses them anyway: suppliers have no chat).
 */
export const findUsers = async (q: string, self: string): Promise<UserLookup[]> =>
  (
    await api.get<{ items: UserLookup[]; options: ListOptions }>('/reference/user', {
      query: { q, p: 1, l: 10, c: 0 },
    })
  ).items.filter((u) => u._id !== self && !u.supplier);
