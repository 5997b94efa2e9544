/**
 * Who may call a route: every route under /api declares one of these in its Fastify options as
 * `config: { policy }`. The server refuses to start with an /api route that declares none, and the
 * authorization matrix test (apps/server/test/authorization-matrix.test.ts) calls every route as
 * every demo role on its own, another supplier's and another tenant's data against this promise.
 * The checks themselves stay where they are (auth hook, services, the document scope); the policy
 * says which of them a route relies on.
 */
export const ROUTE_POLICIES = [
  /** no token needed (config.public: true); the route may still refuse bad input */
  'public',
  /** any signed-in user; the answer is shared data or is narrowed by the caller's role and tenant */
  'signed-in',
  /**
   * only the caller's own records: a user id in the path must be the caller's (403), a record id
   * another user's record is not found (404)
   */
  'self',
  /**
   * the document engine's scope decides: a document outside the caller's scope (another tenant,
   * another supplier, a state not shown to the role) does not exist (404); an action the caller may
   * not take on a document it sees is refused (403); a model it cannot view at all lists 403 (to a
   * supplier 404: it is not told that an internal list exists)
   */
  'documents',
  /** administrator level, isAdminLevel (admin or manager): 403 for everybody else */
  'admin',
  /** the audit trail's readers, canReadAudit (auditor or admin, never a supplier): 403 otherwise */
  'auditor',
  /** those who decide supplier registrations (manager-supplier or admin): 403 otherwise */
  'supplier-manager',
] as const;

export type RoutePolicy = (typeof ROUTE_POLICIES)[number];

export const isRoutePolicy = (value: unknown): value is RoutePolicy =>
  typeof value === 'string' && (ROUTE_POLICIES as readonly string[]).includes(value);
