/** Schemas of the health route: the contract's answer (`@p2p/domain/api`). */
export { HealthResponseSchema as HealthResponse } from '@p2p/domain/api';
