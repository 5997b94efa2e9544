import { decodeContext, HEADERS, type UserContext } from '@p2p/domain';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { tokenInvalid, type AuthContext, type AuthService } from './auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every non-public route. */
    auth: AuthContext | null;
    /** The decoded x-p2p-context header (group, location, plant, workgroup); null on public routes. */
    userContext: UserContext | null;
  }
  interface FastifyContextConfig {
    /** Routes reachable without a bearer token. */
    public?: boolean;
  }
}

/** The single authentication choke point, attached to every non-public /api route. */
export function authHook(auth: AuthService): onRequestHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers[HEADERS.authorization];
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw tokenInvalid();
    const caller = await auth.authenticate(match[1]);
    const domain = request.headers[HEADERS.domain];
    if (typeof domain === 'string' && domain && domain !== caller.domainId) {
      throw new AppError('forbidden', 'This token does not belong to the requested domain.', {
        key: 'auth.domain-mismatch',
      });
    }
    request.auth = caller;
    const context = request.headers[HEADERS.context];
    request.userContext = decodeContext(typeof context === 'string' ? context : null);
  };
}

/** The caller of a protected route; the hook guarantees it is set. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw tokenInvalid();
  return request.auth;
}
