import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import * as api from './index.ts';
import { errorResponses, ERROR_STATUS_TEXT } from './errors.ts';
import { OrNull, StringEnum, treeSchema } from './schema.ts';

type Json = Record<string, unknown>;

/** Every sub-schema of `schema`, with its JSON path. */
function* walk(schema: unknown, path = '$'): Generator<[string, Json]> {
  if (typeof schema !== 'object' || schema === null) return;
  if (Array.isArray(schema)) {
    for (const [i, s] of schema.entries()) yield* walk(s, `${path}[${i}]`);
    return;
  }
  yield [path, schema as Json];
  for (const [k, v] of Object.entries(schema)) yield* walk(v, `${path}.${k}`);
}

const answerSchemas = Object.entries(api).filter(
  ([name, value]) => name.endsWith('Schema') && !name.includes('Request') && typeof value === 'object',
);

describe('answer schemas', () => {
  it('are many, one per payload', () => {
    expect(answerSchemas.length).toBeGreaterThan(40);
  });

  it('say null as a second JSON type, never as an anyOf branch the serialiser must validate', () => {
    const found = answerSchemas.flatMap(([name, schema]) =>
      [...walk(schema)]
        .filter(([, s]) => Array.isArray(s.anyOf) && (s.anyOf as Json[]).some((b) => b.type === 'null'))
        .map(([path]) => `${name} ${path}`),
    );
    expect(found).toEqual([]);
  });

  it('keep the configurable data of documents (additionalProperties) and their relational facts', () => {
    for (const schema of [api.DocumentResponseSchema, api.DocumentListRowSchema]) {
      const s = schema as unknown as { additionalProperties: unknown; required: string[] };
      expect(s.additionalProperties).toBe(true);
      expect(s.required).toEqual(
        expect.arrayContaining(['_id', 'key', 'model', 'doc', '_state', '_version']),
      );
    }
    expect((api.DocumentResponseSchema as unknown as { required: string[] }).required).toEqual(
      expect.arrayContaining(['_actions', '_permissions']),
    );
  });
});

describe('schema helpers', () => {
  it('OrNull adds null as a type, and to an enum', () => {
    expect(OrNull(Type.String())).toMatchObject({ type: ['string', 'null'] });
    expect(OrNull(StringEnum(['a', 'b']))).toMatchObject({
      type: ['string', 'null'],
      enum: ['a', 'b', null],
    });
    expect(() => OrNull(Type.Union([Type.String(), Type.Number()]))).toThrow();
  });

  it('errorResponses describes each status with the one error body', () => {
    const responses = errorResponses(400, 404) as unknown as Record<number, Json>;
    expect(Object.keys(responses)).toEqual(['400', '404']);
    expect(responses[404]).toMatchObject({
      description: ERROR_STATUS_TEXT[404],
      required: ['message', 'key', '_status', 'data'],
    });
  });

  it('treeSchema nests the node `levels` deep, then keeps deeper nodes as they are', () => {
    const node = Type.Object({ label: Type.String() });
    const tree = treeSchema(node, ['children'], 2) as Json;
    const level2 = (tree.properties as Record<string, Json>).children!.items as Json;
    expect((level2.properties as Json).label).toEqual({ type: 'string' });
    const leaf = (level2.properties as Record<string, Json>).children!.items;
    expect(leaf).toMatchObject({ type: 'object', additionalProperties: true });
  });
});
