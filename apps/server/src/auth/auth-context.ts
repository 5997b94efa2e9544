import type { SessionUser, UserContext } from '@p2p/domain';

/**
 * The authenticated caller attached to every non-public request. It lives apart from auth.service.ts
 * so that the session cache (which the service uses) and every feature can name it without importing
 * the service.
 */
export interface AuthContext {
  user: SessionUser;
  domainId: string;
  tokenHash: string;
  /**
   * The working context of this call (the x-p2p-context header: group, plant, location, workgroup);
   * documentScope narrows lists, counts and search by it.
   */
  context?: UserContext;
  /**
   * The address the request came from (request.ip: TRUST_PROXY decides whether a proxy may name it);
   * the audit trail records it.
   */
  address?: string;
}
