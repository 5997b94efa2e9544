import type { UserConfigRequest, UserConfigResponse } from '@p2p/domain';
import { api } from './api-client.ts';
import { queryClient } from './query-client.ts';
import { updateSessionUser } from './session.ts';

/** POST /profile/user/config; the answer's user (and token) replace the session's, queries refresh. */
export async function saveUserConfig(body: UserConfigRequest): Promise<UserConfigResponse> {
  const res = await api.post<UserConfigResponse>('/profile/user/config', body);
  if (res?.user) updateSessionUser(res.user, res.token);
  await queryClient.invalidateQueries();
  return res;
}
