import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApprovalDelegationListSchema,
  ApprovalDelegationRequestSchema,
  ApprovalDelegationSchema,
  ApprovalOpinionGivenSchema,
  ApprovalOpinionRequestSchema,
  ApprovalPlanSchema,
  ApprovalRuleListSchema,
  ApprovalRuleQuerySchema,
  ApprovalRuleRequestSchema,
  ApprovalRuleSchema,
  ApprovalViewSchema,
  described,
  DocumentRequestSchema,
  errorResponses,
  OkSchema,
} from '@p2p/domain/api';
import { caller } from '../auth/auth.hook.ts';
import type { Services } from '../services.ts';
import {
  ApprovalIdParams,
  DelegationIdParams,
  DryRunDocumentParams,
  DryRunParams,
  RuleIdParams,
} from './approval.schema.ts';

/** Approval rules (admin), delegations (each user's own), the approval view, the dry run, opinions. */
export const approvalRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { approvals } = services;
  const tags = ['approvals'];
  const Rule = described(ApprovalRuleSchema, 'The rule as saved');

  app.get(
    '/admin/approval-rules',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        operationId: 'listApprovalRules',
        summary:
          'The approval rules of the caller domain (of one model with ?model=), in the order they apply',
        querystring: ApprovalRuleQuerySchema,
        response: {
          200: described(ApprovalRuleListSchema, 'The rules'),
          ...errorResponses(400, 401, 403, 503),
        },
      },
    },
    (req) => approvals.listRules(caller(req), req.query.model),
  );
  app.post(
    '/admin/approval-rules',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        operationId: 'createApprovalRule',
        summary: 'Create an approval rule: conditions and levels (user, role, committee N of M)',
        body: ApprovalRuleRequestSchema,
        response: { 200: Rule, ...errorResponses(400, 401, 403, 503) },
      },
    },
    (req) => approvals.createRule(caller(req), req.body),
  );
  app.put(
    '/admin/approval-rules/:id',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        operationId: 'updateApprovalRule',
        summary:
          'Save an approval rule over the version read (409 when another administrator saved it meanwhile)',
        params: RuleIdParams,
        body: ApprovalRuleRequestSchema,
        response: { 200: Rule, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    (req) => approvals.updateRule(caller(req), req.params.id, req.body),
  );
  app.delete(
    '/admin/approval-rules/:id',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        operationId: 'deleteApprovalRule',
        summary: 'Delete an approval rule (running approvals keep the levels they were given)',
        params: RuleIdParams,
        response: { 200: described(OkSchema, 'Deleted'), ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    (req) => approvals.deleteRule(caller(req), req.params.id),
  );

  app.get(
    '/approvals/delegations',
    {
      config: { policy: 'self' },
      schema: {
        tags,
        operationId: 'listDelegations',
        summary: "The caller's delegations that are running or still to come",
        response: {
          200: described(ApprovalDelegationListSchema, 'The delegations'),
          ...errorResponses(401, 503),
        },
      },
    },
    (req) => approvals.delegations(caller(req)),
  );
  app.post(
    '/approvals/delegations',
    {
      config: { policy: 'self' },
      schema: {
        tags,
        operationId: 'createDelegation',
        summary: 'Name a substitute for the approvals assigned to the caller from one day to another',
        body: ApprovalDelegationRequestSchema,
        response: {
          200: described(ApprovalDelegationSchema, 'The delegation'),
          ...errorResponses(400, 401, 403, 503),
        },
      },
    },
    (req) => approvals.createDelegation(caller(req), req.body),
  );
  app.delete(
    '/approvals/delegations/:id',
    {
      config: { policy: 'self' },
      schema: {
        tags,
        operationId: 'deleteDelegation',
        summary: "End one of the caller's delegations (another user's is not found)",
        params: DelegationIdParams,
        response: { 200: described(OkSchema, 'Deleted'), ...errorResponses(400, 401, 404, 503) },
      },
    },
    (req) => approvals.deleteDelegation(caller(req), req.params.id),
  );

  app.get(
    '/automation/approval/:approvalId',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'getApproval',
        summary:
          'An approval: assignees, levels with their decisions, who is missing (scoped like the document)',
        params: ApprovalIdParams,
        response: {
          200: described(ApprovalViewSchema, 'The approval'),
          ...errorResponses(400, 401, 404, 503),
        },
      },
    },
    (req) => approvals.view(caller(req), req.params.approvalId),
  );
  const Plan = described(
    ApprovalPlanSchema,
    'Who will approve, in which order, and which rule put each level there',
  );
  app.post(
    '/automation/approval-dry-run/:model',
    {
      config: { policy: 'documents', storesNothing: true },
      schema: {
        tags,
        operationId: 'dryRunApproval',
        summary: 'The approval a document being written would get on submit (the rules the server applies)',
        params: DryRunParams,
        body: DocumentRequestSchema,
        response: { 200: Plan, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    (req) => approvals.dryRun(caller(req), req.params.model, req.body),
  );
  app.post(
    '/automation/approval-dry-run/:model/:id',
    {
      config: { policy: 'documents', storesNothing: true },
      schema: {
        tags,
        operationId: 'dryRunStoredApproval',
        summary: 'The approval a stored document would get on submit; a body overlays unsaved changes',
        params: DryRunDocumentParams,
        body: DocumentRequestSchema,
        response: { 200: Plan, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    (req) => approvals.dryRun(caller(req), req.params.model, req.body, req.params.id),
  );
  app.post(
    '/automation/approval/:approvalId/request',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'requestApprovalOpinion',
        summary: 'approval-request: an approver of the current level asks a named colleague for an opinion',
        params: ApprovalIdParams,
        body: ApprovalOpinionRequestSchema,
        response: {
          200: described(ApprovalViewSchema, 'The approval, consulting'),
          ...errorResponses(400, 401, 403, 404, 409, 503),
        },
      },
    },
    (req) => approvals.requestOpinion(caller(req), req.params.approvalId, req.body),
  );
  app.post(
    '/automation/approval/:approvalId/opinion',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'giveApprovalOpinion',
        summary: 'The colleague asked for an opinion gives it; the approval returns to its approvers',
        params: ApprovalIdParams,
        body: ApprovalOpinionGivenSchema,
        response: {
          200: described(OkSchema, 'The opinion is recorded'),
          ...errorResponses(400, 401, 403, 404, 409, 503),
        },
      },
    },
    (req) => approvals.giveOpinion(caller(req), req.params.approvalId, req.body),
  );
};
