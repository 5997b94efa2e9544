import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import { ActivityQuerySchema, IhubListRequestSchema } from '@p2p/domain/api';
import { Type, type TSchema } from 'typebox';
import { describe, expect, it } from 'vitest';
import { ListQuery } from '../src/documents/document.schema.ts';
import { validatorCompiler } from '../src/lib/validator-compiler.ts';
import { LookupQuery } from '../src/reference/reference.schema.ts';

/**
 * The app's validator skips TypeBox's Convert for a value that already has its schema's types; the
 * provider's compiler converts first. Both must give the same answer for every request part: the
 * same value or an error with the same messages.
 */
type Part = 'querystring' | 'params' | 'headers' | 'body';
type Answer = { value?: unknown; error?: unknown };

const run = (
  compiler: (route: never) => (v: unknown) => unknown,
  schema: TSchema,
  part: Part,
  value: unknown,
) =>
  compiler({ schema, httpPart: part, method: 'GET', url: '/t' } as never)(structuredClone(value)) as Answer;

const errorsOf = (a: Answer) =>
  a.error
    ? [...(a.error as Iterable<{ message: string; instancePath: string }>)].map(
        (e) => `${e.instancePath} ${e.message}`,
      )
    : null;

const Body = Type.Object({
  n: Type.Integer(),
  tags: Type.Array(Type.String()),
  on: Type.Optional(Type.Boolean()),
});
const Mixed = Type.Object({
  k: Type.Optional(Type.Integer({ minimum: 1 })),
  flag: Type.Optional(Type.Boolean()),
  id: Type.String(),
});

const cases: Array<[string, TSchema, Part, unknown[]]> = [
  [
    'LookupQuery',
    LookupQuery,
    'querystring',
    [{}, { q: 'bolt', p: '1', l: '10', c: '0' }, { l: '101' }, { p: '0' }, { q: 'x'.repeat(201) }, { p: 2 }],
  ],
  [
    'ListQuery',
    ListQuery,
    'querystring',
    [
      {},
      { s: '-deliveryDate', '_state.current': 'approved' },
      { context: 'all' },
      { p: '1000', l: '30', c: '1' },
      { extra: 5 },
    ],
  ],
  [
    'ActivityQuery',
    ActivityQuerySchema,
    'querystring',
    [{}, { k: '3' }, { k: 'three' }, { k: 3 }, { l: '20' }],
  ],
  [
    'IhubListRequest',
    IhubListRequestSchema,
    'querystring',
    [{}, { p: '2', l: '50' }, { p: '0' }, { p: 2 }, { format: 'xlsx' }, { format: 'csv' }],
  ],
  [
    'mixed params',
    Mixed,
    'params',
    [{ id: 'a' }, { id: 'a', k: '5' }, { id: 'a', k: '0' }, { id: 'a', flag: 'true' }, { id: 5 }, {}],
  ],
  [
    'body',
    Body,
    'body',
    [
      { n: 1, tags: [] },
      { n: '1', tags: [] },
      { n: 1.5, tags: ['a'] },
      { n: 1, tags: ['a'], on: 'true' },
      null,
    ],
  ],
];

describe('validatorCompiler', () => {
  for (const [name, schema, part, values] of cases)
    it(`answers as the provider's compiler: ${name} (${part})`, () => {
      for (const value of values) {
        const ours = run(validatorCompiler as never, schema, part, value);
        const theirs = run(TypeBoxValidatorCompiler as never, schema, part, value);
        expect({ value, ok: 'value' in ours, v: ours.value, errors: errorsOf(ours) }).toEqual({
          value,
          ok: 'value' in theirs,
          v: theirs.value,
          errors: errorsOf(theirs),
        });
      }
    });

  it('converts a query string value of another declared type, and refuses what does not convert', () => {
    expect(run(validatorCompiler as never, ActivityQuerySchema, 'querystring', { k: '3' })).toEqual({
      value: { k: 3 },
    });
    expect(
      errorsOf(run(validatorCompiler as never, ActivityQuerySchema, 'querystring', { k: 'three' })),
    ).not.toBeNull();
    // a body is never converted
    expect(errorsOf(run(validatorCompiler as never, Body, 'body', { n: '1', tags: [] }))).not.toBeNull();
  });
});
