import fc from 'fast-check';

/**
 * fast-check arbitraries for the fuzz test (fuzz.test.ts): values built from a route's JSON schema
 * (as the OpenAPI description of the app gives it), mixed with hostile values that once made the
 * API answer 5xx: NUL, unpaired surrogates, 10,000-character text, amounts beyond the numeric
 * columns, deep nesting, wrong types.
 */

export type JsonSchema = Record<string, unknown>;

export const LONG = 'x'.repeat(10_000);
/** 3,000 characters of 4 bytes each in UTF-8: past any btree row limit after compression. */
export const WIDE = '\u{1D518}\u{1F600}\u4E00'.repeat(1_000);

export const hostileString = fc.constantFrom(
  'a\u0000b',
  '\u0000',
  'x\uD800y',
  '\uDC00',
  LONG,
  WIDE,
  `${LONG}\u0000`,
  '<img src=x onerror=alert(1)><script>alert(2)</script>',
  "'; drop table documents; --",
  '../../../etc/passwd',
  '%00%ff',
  '\u202Egnp.exe',
  '99999999999999999999.99999',
  '-1e400',
  '1e400',
  'NaN',
  ' ',
  '',
);

export const hostileNumber = fc.constantFrom(
  1e300,
  -1e300,
  1e20,
  -1e16,
  1e16,
  2 ** 53 + 1,
  -(2 ** 63),
  1e-30,
  -0,
  0.1,
);

/** A value of another type than the schema asks for. */
export const wrongType = fc.constantFrom<unknown>(null, true, false, 0, '', [], {}, [1, 'a'], {
  a: { b: 1 },
});

export const hostile: fc.Arbitrary<unknown> = fc.oneof(hostileString, hostileNumber, wrongType);

/** Nested arrays and objects `depth` levels deep, as JSON text. */
export const nestedJson = (depth: number, open = '[', close = ']', leaf = '1'): string =>
  `${open.repeat(depth)}${leaf}${close.repeat(depth)}`;

/** Raw bodies: deep nesting (5,000 levels), broken JSON, JSON that is not an object. */
export const RAW_BODIES: readonly string[] = [
  nestedJson(5_000),
  `{"a":${nestedJson(5_000, '{"a":', '}')}}`,
  `{"description":${nestedJson(70)}}`,
  '{',
  '{"a":1,}',
  'null',
  '[]',
  '"text"',
  '1e400',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"s":"\\ud800"}',
  '{"s":"a\\u0000b"}',
];

const typeOf = (schema: JsonSchema): string | undefined => {
  const t = schema.type;
  return Array.isArray(t) ? (t.find((x) => x !== 'null') as string | undefined) : (t as string | undefined);
};

/** A value that fits the schema (as far as a generator can tell), before hostile values mix in. */
function validValue(schema: JsonSchema, depth: number, h: number): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union?.length) return fc.oneof(...union.map((s) => fromSchema(s, depth, h)));
  switch (typeOf(schema)) {
    case 'string': {
      const maxLength = Math.min(Number(schema.maxLength ?? 40), 40);
      if (typeof schema.pattern === 'string')
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .map((s) => s.slice(0, Number(schema.maxLength ?? 1e6)));
      return fc.string({
        minLength: Number(schema.minLength ?? 0),
        maxLength: Math.max(maxLength, Number(schema.minLength ?? 0)),
      });
    }
    case 'integer':
      return fc.integer({
        min: Number(schema.minimum ?? -1_000_000),
        max: Number(schema.maximum ?? 1_000_000),
      });
    case 'number':
      return fc.oneof(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (depth > 4) return fc.constant([]);
      const items = (schema.items as JsonSchema | undefined) ?? {};
      return fc.array(fromSchema(items, depth + 1, h), {
        minLength: Math.min(Number(schema.minItems ?? 0), 3),
        maxLength: Math.min(Number(schema.maxItems ?? 4), 4),
      });
    }
    case 'object': {
      if (depth > 4) return fc.constant({});
      const props = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
      const required = (schema.required as string[] | undefined) ?? [];
      const record = fc.record(
        Object.fromEntries(Object.entries(props).map(([k, s]) => [k, fromSchema(s, depth + 1, h)])),
        { requiredKeys: required.filter((k) => k in props) },
      );
      // keys the schema does not name: refused, or kept as configurable data
      const extra = fc.dictionary(
        fc.constantFrom('description', 'name', 'x\u0000', 'extra', 'notes'),
        hostile,
        {
          maxKeys: 2,
        },
      );
      if (h === 0) return record;
      return fc.tuple(record, fc.option(extra, { freq: 3 })).map(([r, e]) => ({ ...(e ?? {}), ...r }));
    }
    default:
      // no type (unknown, any JSON): plausible configurable data
      return fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.integer(),
        fc.constant(null),
        fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
      );
  }
}

/**
 * Values of the schema (null too where nullable), each one replaced by a hostile value with weight
 * `h` against 4: h = 0 gives valid requests that reach the route's code, h = 1 one hostile value in
 * five.
 */
export function fromSchema(schema: JsonSchema, depth = 0, h = 1): fc.Arbitrary<unknown> {
  const valid = schema.nullable
    ? fc.option(validValue(schema, depth, h), { nil: null, freq: 6 })
    : validValue(schema, depth, h);
  return h === 0 ? valid : fc.oneof({ weight: 4, arbitrary: valid }, { weight: h, arbitrary: hostile });
}

/** A path parameter: mostly one of the known real values, else one from its schema or a hostile one. */
export function pathValue(schema: JsonSchema, known: readonly string[]): fc.Arbitrary<string> {
  const fromPattern =
    typeof schema.pattern === 'string'
      ? fc.stringMatching(new RegExp(schema.pattern))
      : fc.string({ minLength: 1, maxLength: 30 });
  const options: Array<fc.WeightedArbitrary<string>> = [
    { weight: 2, arbitrary: fromPattern },
    { weight: 1, arbitrary: hostileString },
  ];
  if (known.length) options.push({ weight: 5, arbitrary: fc.constantFrom(...known) });
  return fc.oneof(...options);
}

/** encodeURIComponent, except that an unpaired surrogate (which it refuses) goes as its raw bytes. */
export function encodeSegment(value: string): string {
  try {
    return value === '' ? '%20' : encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** Mutations of a real document: field paths the models use, set to plausible or hostile values. */
export const DOCUMENT_PATHS = [
  'description',
  'name',
  'currency',
  'deliveryDate',
  'justification',
  'supplier',
  'requester',
  'group',
  'plant',
  'doc.subtype',
  'key',
  'lines',
  'lines.0',
  'lines.0.quantity',
  'lines.0.price',
  'lines.0.listPrice',
  'lines.0.description',
  'lines.0.item',
  'lines.0.pos',
  'lines.0.tax',
  'lines.0.priceInfo',
  'lines.0.priceInfo.0.value',
  'risk.gdpr',
  '_version',
  'exchangeRate',
] as const;

const plausible = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer({ min: -1000, max: 100_000 }),
  fc.constantFrom('1.5', '10 un', '2,50 €', '1e3', '-3', '9999999999999', '12345678901234567', null),
);

/** Hostile values of the types the document schema accepts: they reach pricing, validation, SQL. */
const deepHostile = fc.oneof(
  hostileString.filter((v) => !v.includes('\u0000') && !/[\uD800-\uDFFF]/.test(v)),
  hostileNumber,
  fc.constantFrom('1e30', '-99999999999999999', '0.000001', '12345678901234.123456'),
);

export const documentMutations = fc.array(
  fc.tuple(
    fc.constantFrom(...DOCUMENT_PATHS),
    fc.oneof(
      { weight: 2, arbitrary: plausible },
      { weight: 4, arbitrary: deepHostile },
      { weight: 1, arbitrary: hostile },
    ),
  ),
  { minLength: 1, maxLength: 3 },
);

/** What a client sends to create: the stored document without what the server owns. */
export function createBody(doc: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(doc).filter(([k]) => !k.startsWith('_') && k !== 'key' && k !== 'version'),
  );
}

/**
 * The inputs that answered 5xx before (security issue, "No 5xx from bad input"), each set on a real
 * document for a create and a save, so every run covers them whatever the random cases draw.
 */
export const KNOWN_BAD_CHANGES: ReadonlyArray<readonly [string, unknown]> = [
  ['description', 'a\u0000b'],
  ['description', 'x\uD800y'],
  ['description', 'x'.repeat(2_700)],
  ['description', WIDE],
  ['description', LONG],
  ['name', WIDE],
  ['lines.0.description', WIDE],
  ['lines.0.price', 1e20],
  ['lines.0.price', '99999999999999999999'],
  ['lines.0.quantity', 1e30],
  ['lines.0.priceInfo', [{ condition: 'ZFB1', value: 9e15 }]],
  ['supplier', { _id: 'a\u0000' }],
  ['group', { _id: 'x'.repeat(3_000) }],
];

/** A document body with a field nested `depth` levels deep, as JSON text. */
export const withDeepField = (doc: Record<string, unknown>, depth: number): string =>
  `${JSON.stringify(doc).slice(0, -1)},"extra":${nestedJson(depth, '{"a":', '}')}}`;

/** Sets a dotted path on a JSON copy of the document (array indexes create arrays). */
export function mutate(doc: Record<string, unknown>, changes: ReadonlyArray<readonly [string, unknown]>) {
  const copy = JSON.parse(JSON.stringify(doc)) as Record<string, unknown>;
  for (const [path, value] of changes) {
    const keys = path.split('.');
    let at: Record<string, unknown> = copy;
    for (const [i, key] of keys.slice(0, -1).entries()) {
      const next = at[key];
      if (next === null || typeof next !== 'object') at[key] = /^\d+$/.test(keys[i + 1]!) ? [{}] : {};
      at = at[key] as Record<string, unknown>;
    }
    at[keys[keys.length - 1]!] = value;
  }
  return copy;
}
