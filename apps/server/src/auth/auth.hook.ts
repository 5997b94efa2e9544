import { decodeContext, HEADERS, type UserContext } from '@p2p/domain';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { AuthContext } from './auth-context.ts';
import { tokenInvalid, type AuthService } from './auth.service.ts';

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
    const authorization = request.headers[HEADERS.authorization];
    const match = typeof authorization === 'string' ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
    if (!match?.[1]) throw tokenInvalid();
    const caller = await auth.authenticate(match[1]);
    const domain = request.headers[HEADERS.domain];
    if (typeof domain === 'string' && domain && domain !== caller.domainId) {
      throw new AppError('forbidden', 'This token does not belong to the requested domain.', {
        key: 'auth.domain-mismatch',
      });
    }
    const header = request.headers[HEADERS.context];
    const sent = decodeContext(typeof header === 'string' ? header : null);
    request.userContext = sent;
    // The header is the working context of this call (the web app sends the saved one on every
    // call); a client that sends none, such as an integration, works on its whole scope.
    request.auth = { ...caller, context: sent, address: request.ip };
  };
}

/** The caller of a protected route; the hook guarantees it is set. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw tokenInvalid();
  return request.auth;
}
