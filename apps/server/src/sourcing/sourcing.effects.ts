import type { WorkflowEffect } from '../documents/document.workflow-effects.ts';
import { awardEffects } from './sourcing.award.ts';
import { proposalEffects } from './sourcing.proposal.ts';
import { requisitionEffects } from './sourcing.requisition.ts';
import { rfxEffects } from './sourcing.rfx.ts';

/**
 * Sourcing's part in workflow moves (registered in services.ts): a requisition goes to an RFx,
 * the RFx invites suppliers, who submit proposals, and the award makes the order or contract.
 * The flow, state by state, is in README.md "Sourcing (RFx)".
 */
export function sourcingEffects(): WorkflowEffect[] {
  return [...requisitionEffects, ...rfxEffects, ...awardEffects, ...proposalEffects];
}
