import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeContext, encodeContext } from './context.ts';
import { errorMessage, isInvalidTokenError } from './errors.ts';
import { filterOrgTree, findOrgPath, isSelectableNode, orgPlants, plantForSelection } from './org-tree.ts';
import { MESSAGES, TOAST_LIFE_MS } from './constants.ts';
import type { OrgNode } from '../api/contract.ts';

const plant = (key: string, label: string): OrgNode => ({ key, type: 'plant', label, group: { _id: key } });
const tree: OrgNode[] = [
  {
    key: 'C1',
    type: 'company',
    label: 'Acme Portugal',
    group: { _id: 'C1' },
    children: [plant('P1', 'Lisboa'), plant('P2', 'Évora')],
  },
  { key: 'C2', type: 'company', label: 'Acme Holding', group: { _id: 'C2' } },
];

describe('context header', () => {
  it('round-trips any context, including non-ASCII', () => {
    fc.assert(
      fc.property(
        fc.record({
          group: fc.option(fc.string()),
          plant: fc.option(fc.string()),
          location: fc.option(fc.string()),
          workgroup: fc.option(fc.string()),
        }),
        (ctx) => {
          expect(decodeContext(encodeContext(ctx))).toEqual(ctx);
        },
      ),
    );
    expect(decodeContext(encodeContext({ group: 'Compras Évora' }))).toEqual({ group: 'Compras Évora' });
  });
  it('reads malformed headers as an empty context', () => {
    expect(decodeContext('%%%')).toEqual({});
    expect(decodeContext(btoa('[1,2]'))).toEqual({});
    expect(decodeContext(btoa('{"group":5}'))).toEqual({});
    expect(decodeContext(undefined)).toEqual({});
  });
});

describe('organization tree', () => {
  it('only company and plant nodes are selectable', () => {
    expect(isSelectableNode({ type: 'company' })).toBe(true);
    expect(isSelectableNode({ type: 'plant' })).toBe(true);
    expect(isSelectableNode({ type: 'region' as 'plant' })).toBe(false);
  });
  it('a company without children is its own plant, otherwise its first child', () => {
    expect(plantForSelection(tree[0]!)?.key).toBe('P1');
    expect(plantForSelection(tree[1]!)?.key).toBe('C2');
    expect(plantForSelection(plant('P2', 'x'))?.key).toBe('P2');
  });
  it('lists the plants a document can name: plant nodes and childless companies, key and label', () => {
    expect(orgPlants(tree)).toEqual([
      { key: 'P1', label: 'Lisboa' },
      { key: 'P2', label: 'Évora' },
      { key: 'C2', label: 'Acme Holding' },
    ]);
    expect(orgPlants([])).toEqual([]);
  });
  it('finds the path to a node', () => {
    expect(findOrgPath(tree, 'P2').map((n) => n.key)).toEqual(['C1', 'P2']);
    expect(findOrgPath(tree, 'nope')).toEqual([]);
  });
  it('filters ignoring accents and case, keeping ancestors', () => {
    expect(filterOrgTree(tree, 'EVORA').map((n) => [n.key, n.children?.map((c) => c.key)])).toEqual([
      ['C1', ['P2']],
    ]);
    expect(filterOrgTree(tree, '  ')).toHaveLength(2);
    expect(filterOrgTree(tree, 'zzz')).toEqual([]);
  });
});

describe('errors', () => {
  it('joins the server error list with commas', () => {
    const body = { message: 'Bad', data: { errors: [{ message: 'a' }, { message: 'b' }] } };
    expect(errorMessage(body, 400, 'Bad Request')).toBe('a, b');
  });
  it('falls back to the message, then status and status text', () => {
    expect(errorMessage({ message: 'Nope', data: { errors: [] } }, 400, 'Bad Request')).toBe('Nope');
    expect(errorMessage(null, 500, 'Internal Server Error')).toBe('500 Internal Server Error');
  });
  it('recognises the invalid token 401', () => {
    expect(isInvalidTokenError(401, MESSAGES.tokenInvalid)).toBe(true);
    expect(isInvalidTokenError(403, MESSAGES.tokenInvalid)).toBe(false);
    expect(isInvalidTokenError(401, 'Invalid username or password.')).toBe(false);
  });
});

describe('constants', () => {
  it('has the exact texts and toast durations of the specification', () => {
    expect(MESSAGES.offline).toBe(
      'Application is offline, this page will automatically refresh when it will be available again. We apologize for the inconvenience, if you need any assistance, please contact helpdesk.',
    );
    expect(MESSAGES.tooManyRequests).toBe('Too many requests, please try again later.');
    expect(MESSAGES.network).toBe('Network connection problems, please try again later.');
    expect(TOAST_LIFE_MS).toEqual({ success: 3000, info: 3000, warn: 5000, error: 5000, primary: 3000 });
  });
});
