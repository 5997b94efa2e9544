import {
  actionAllowed,
  availableTransitions,
  documentActions,
  fieldState,
  isReadOnly,
  serviceRequiredFields,
  workflowOf,
  type DocumentLike,
  type DocUser,
  type FieldConfig,
} from '@p2p/domain';
import { describe, expect, it } from 'vitest';
import { readModelFiles, type ModelConfig } from '../src/documents/model-config.ts';

/**
 * Properties every shipped model configuration (apps/server/models/*.json) must have. They read
 * the files the product seeds, so a configuration change that breaks one fails here.
 */
const MODELS = readModelFiles();
const NOW = new Date('2026-11-26T12:00:00Z');

const userWith = (role: string): DocUser => ({
  _id: `u-${role}`,
  role: { key: role },
  roles: [{ key: role }],
});
const plainRoles = (spec: string | undefined): string[] =>
  (spec ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter((r) => r && !r.startsWith('!'));

/** A document of the model with a service line and every risk answered as the strictest level. */
const serviceDocument = (model: ModelConfig, state: string, subtype?: string): DocumentLike => ({
  doc: { type: model.name, subtype: subtype ?? model.subtypes?.[0]?.key ?? null },
  _state: { current: state },
  risk: { contract: 3, E: 3, HS: 3, gdpr: 3, cyber: 1 },
  lines: [{ pos: 10, subpos: 0, item: 'SRV-1', type: 'service', quantity: '1', price: '10' }],
});

const inGroups = (model: ModelConfig, src: string): boolean =>
  model.form.groups.some((g) => g.fields.includes(src)) ||
  model.form.fields.some((f) => f.src === src && typeof (f as { group?: unknown }).group === 'string');

describe('shipped model configurations', () => {
  it('let the roles that fill a form reach every field a validation rule can require', () => {
    const problems: string[] = [];
    for (const model of MODELS) {
      // who creates the model's documents fills its required fields (createRoles, default editRoles)
      const fillers = plainRoles(model.permissions.createRoles ?? model.permissions.editRoles);
      const required = new Set<string>();
      for (const f of model.form.fields) if (f.required || f.requiredStates?.length) required.add(f.src);
      const states = ['created', 'updated'];
      for (const subtype of model.subtypes?.map((s) => s.key) ?? [undefined]) {
        for (const src of serviceRequiredFields(serviceDocument(model, 'created', subtype), model.name))
          required.add(src);
      }
      for (const src of required) {
        const field: FieldConfig | undefined = model.form.fields.find((f) => f.src === src);
        if (!field) {
          problems.push(`${model.name}: '${src}' can be required but the form has no such field`);
          continue;
        }
        if (!inGroups(model, src)) problems.push(`${model.name}: '${src}' is in no form group`);
        for (const role of fillers.length ? fillers : ['admin']) {
          const editable = states.some(
            (state) =>
              fieldState(field, {
                doc: serviceDocument(model, state),
                user: userWith(role),
                state,
                mode: 'edit',
                model,
              }).editable,
          );
          if (!editable) problems.push(`${model.name}: '${src}' is required but ${role} cannot fill it`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('keep only the actions with permission letter A or R on read-only documents', () => {
    const problems: string[] = [];
    for (const model of MODELS) {
      const workflow = workflowOf(model);
      const readOnlyStates = workflow.states
        .map((s) => s.name)
        .filter((state) =>
          isReadOnly({ doc: { type: model.name }, _state: { current: state } }, workflow, null, { model }),
        );
      for (const state of readOnlyStates) {
        const doc: DocumentLike = {
          doc: { type: model.name },
          _state: { current: state, created: { ts: NOW.toISOString() } },
        };
        for (const role of ['admin', 'buyer', ...plainRoles(model.permissions.editRoles)]) {
          const user = userWith(role);
          for (const a of documentActions(doc, model, user, NOW))
            if (!actionAllowed(a.permission, true))
              problems.push(`${model.name}/${state}: action ${a.name} (${a.permission})`);
          for (const t of availableTransitions(doc, workflow, user, NOW, { model }))
            if (!actionAllowed(t.permission, true))
              problems.push(`${model.name}/${state}: transition ${t.name} (${t.permission})`);
        }
      }
      expect(readOnlyStates.length, `${model.name} has read-only states`).toBeGreaterThan(0);
    }
    expect(problems).toEqual([]);
  });
});
