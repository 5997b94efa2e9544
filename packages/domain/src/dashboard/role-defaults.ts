/**
 * The default dashboard of a role (seed 001 sections 3 and 6: a dashboard's owner's role supplies
 * the default): the dashboard 'what' figures (seed 000 section 9) that role works with, in the
 * order they show. The server keeps only the figures the caller's scope can count (a model the
 * role cannot list, or whose configuration lacks the filter, has no figure) and lays them out.
 */
import { hasRole, isAdminLevel, isSupplier, type RoleHolder } from '../roles/roles.ts';
import { WHAT_IDS } from '../reporting/dashboard-what.ts';

const REQUESTER_WHAT = [
  'draft-requisitions',
  'requisitions-waiting-approval',
  'requisition-errors',
  'upcoming-receptions',
  'receptions-waiting-evaluation',
  'pending-evaluations',
] as const;

const BUYER_WHAT = [
  'requisitions-waiting-approval',
  'draft-orders',
  'orders-waiting-approval',
  'order-errors',
  'upcoming-receptions',
  'receptions-waiting-evaluation',
  'reception-errors',
  'reverse-errors',
  'pending-evaluations',
  'contract-usage',
  'draft-requisitions',
  'requisition-errors',
] as const;

/** A supplier's figures: what it delivers and what went wrong with it (its own documents only). */
const SUPPLIER_WHAT = [
  'upcoming-receptions',
  'reception-errors',
  'reverse-errors',
  'contract-usage',
] as const;

/** The figures of the default dashboard of the user's role, most urgent first. */
export function roleDefaultWhat(user: RoleHolder): readonly string[] {
  if (isSupplier(user)) return SUPPLIER_WHAT;
  if (isAdminLevel(user) || hasRole(user, 'buyer,manager-purchasing,director,auditor')) return BUYER_WHAT;
  if (hasRole(user, 'requester')) return REQUESTER_WHAT;
  return WHAT_IDS;
}

/** A figure's tile on the default dashboard: three in a row of the 12-column grid. */
export const DEFAULT_TILE = { w: 4, h: 3 } as const;
