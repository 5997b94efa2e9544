import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  compileExpression,
  evaluate,
  expressionCacheSize,
  ExpressionError,
  parseExpression,
} from './expression.ts';

const scope = {
  doc: { type: 'order', subtype: 'P009', key: '4500000001', tags: ['urgent', 'it'] },
  _state: { current: 'updated', readonly: false },
  lines: [{ price: 10, item: { code: 'A1' } }, { price: 5 }],
  user: { role: { key: 'buyer' }, roles: [] as string[] },
  count: 3,
  nothing: null,
  text: 'hello',
};
const ev = (expr: string, s: Record<string, unknown> = scope): unknown => evaluate(expr, s);

function errorOf(fn: () => unknown): ExpressionError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ExpressionError) return e;
    throw e;
  }
  throw new Error('expected an ExpressionError');
}

describe('evaluate: literals and paths', () => {
  it('reads literals', () => {
    expect(ev('12')).toBe(12);
    expect(ev('1.5')).toBe(1.5);
    expect(ev('.5')).toBe(0.5);
    expect(ev('1e3')).toBe(1000);
    expect(() => ev("'it''s'")).toThrow(ExpressionError); // no SQL-style quote doubling
    expect(ev("'single'")).toBe('single');
    expect(ev('"double"')).toBe('double');
    expect(ev("'it\\'s'")).toBe("it's");
    expect(ev("'a\\nb'")).toBe('a\nb');
    expect(ev("'\\u00e9'")).toBe('é');
    expect(ev('true')).toBe(true);
    expect(ev('false')).toBe(false);
    expect(ev('null')).toBeNull();
    expect(ev('undefined')).toBeUndefined();
    expect(ev("[1, 'a', [true]]")).toEqual([1, 'a', [true]]);
    expect(ev('[]')).toEqual([]);
  });
  it('reads dotted paths, indices and lengths', () => {
    expect(ev('doc.subtype')).toBe('P009');
    expect(ev('_state.current')).toBe('updated');
    expect(ev('lines.length')).toBe(2);
    expect(ev('lines[0].item.code')).toBe('A1');
    expect(ev("doc['key']")).toBe('4500000001');
    expect(ev('text.length')).toBe(5);
    expect(ev('text[1]')).toBe('e');
    expect(ev('$x')).toBeUndefined();
  });
  it('resolves unknown identifiers and missing properties to undefined', () => {
    expect(ev('unknown')).toBeUndefined();
    expect(ev('unknown.deep.path')).toBeUndefined();
    expect(ev('nothing.x')).toBeUndefined();
    expect(ev('lines[5].price')).toBeUndefined();
    expect(ev('doc.toString')).toBeUndefined();
    expect(ev('doc.hasOwnProperty')).toBeUndefined();
    expect(ev('lines.map')).toBeUndefined();
    expect(ev('text.toUpperCase')).toBeUndefined();
    expect(ev('count.toFixed')).toBeUndefined();
  });
});

describe('evaluate: refuses prototype members', () => {
  it.each([
    'doc.constructor',
    'doc.__proto__',
    'doc.prototype',
    'constructor',
    '__proto__',
    "doc['constructor']",
    "doc['__proto__']",
    'lines.constructor.constructor',
    "''.constructor",
    '[].constructor',
  ])('%s', (expr) => {
    expect(() => ev(expr)).toThrow(ExpressionError);
    expect(() => ev(expr)).toThrow(/not allowed/);
  });
  it('refuses computed keys at run time', () => {
    expect(() => ev('doc[k]', { doc: {}, k: 'constructor' })).toThrow(ExpressionError);
    expect(() => ev("doc['__pro' + 'to__']", { doc: {} })).toThrow(ExpressionError);
    expect(() => ev("'constructor' in doc", { doc: {} })).toThrow(ExpressionError);
  });
  it('never reads inherited members, even through own data', () => {
    const child = Object.create({ secret: 42 }) as Record<string, unknown>;
    expect(ev('o.secret', { o: child })).toBeUndefined();
    expect(ev('toString', Object.create({ toString: 1 }) as Record<string, unknown>)).toBeUndefined();
  });
  it('cannot call anything but the whitelisted functions', () => {
    expect(() => ev('doc.toString()')).toThrow(/Only the functions/);
    expect(() => ev('alert(1)')).toThrow(/Unknown function 'alert'/);
    expect(() => ev('(includes)(doc, 1)')).toThrow(ExpressionError);
    expect(() => ev('f()', { f: () => 1 })).toThrow(ExpressionError);
    expect(ev('f', { f: () => 1 })).toBeTypeOf('function'); // readable, never callable
    expect(() => ev('new Function("x")')).toThrow(ExpressionError);
    expect(() => ev('x = 1')).toThrow(ExpressionError);
  });
});

describe('evaluate: operators', () => {
  it('comparison', () => {
    expect(ev("doc.subtype == 'P009'")).toBe(true);
    expect(ev("doc.subtype != 'P009'")).toBe(false);
    expect(ev("count === 3 && count !== '3'")).toBe(true);
    expect(ev("count == '3'")).toBe(true);
    expect(ev('nothing == undefined')).toBe(true);
    expect(ev('nothing === undefined')).toBe(false);
    expect(ev('nothing == 0')).toBe(false);
    expect(ev('true == 1')).toBe(true);
    expect(ev('doc == doc')).toBe(true);
    expect(ev("doc == '[object Object]'")).toBe(false);
    expect(ev('1 < 2 && 2 <= 2 && 3 > 2 && 3 >= 3')).toBe(true);
    expect(ev("'a' < 'b'")).toBe(true);
    expect(ev("'10' < 9")).toBe(false);
    expect(ev('lines < 3')).toBe(false);
  });
  it('logical and short-circuit', () => {
    expect(ev('!_state.readonly')).toBe(true);
    expect(ev('!!text')).toBe(true);
    expect(ev("nothing || 'default'")).toBe('default');
    expect(ev("text && 'yes'")).toBe('yes');
    // the right side would throw (forbidden computed key) if it were evaluated
    const s = { o: {}, k: 'constructor', yes: true, no: false };
    expect(ev('no && o[k]', s)).toBe(false);
    expect(ev('yes || o[k]', s)).toBe(true);
    expect(() => ev('yes && o[k]', s)).toThrow(ExpressionError);
    expect(ev('yes ? 1 : o[k]', s)).toBe(1);
    expect(ev('no ? o[k] : 2', s)).toBe(2);
  });
  it('arithmetic', () => {
    expect(ev('1 + 2 * 3')).toBe(7);
    expect(ev('(1 + 2) * 3')).toBe(9);
    expect(ev('10 - 4 - 3')).toBe(3);
    expect(ev('12 / 4 / 3')).toBe(1);
    expect(ev('7 % 4')).toBe(3);
    expect(ev('-count + +2')).toBe(-1);
    expect(ev("'P' + 9")).toBe('P9');
    expect(ev("doc.subtype + '-' + count")).toBe('P009-3');
    expect(ev('lines + 1')).toBeNaN();
    expect(ev('1 / 0')).toBe(Infinity);
  });
  it('precedence', () => {
    expect(ev('1 + 2 > 2 && 2 * 2 == 4')).toBe(true);
    expect(ev('true || false && false')).toBe(true);
    expect(ev('(true || false) && false')).toBe(false);
    expect(ev('!true == false')).toBe(true);
    expect(ev('-2 * -2')).toBe(4);
    expect(ev('1 < 2 == true')).toBe(true);
    expect(ev('false ? 1 : true ? 2 : 3')).toBe(2);
    expect(ev('true ? false ? 1 : 2 : 3')).toBe(2);
    expect(ev("count > 2 ? 'many' : 'few'")).toBe('many');
    expect(ev('1 + 1 in [2, 3]')).toBe(true);
    expect(ev("nothing || count > 2 ? 'a' : 'b'")).toBe('a');
  });
  it('in', () => {
    expect(ev("doc.subtype in ['P009', 'P011']")).toBe(true);
    expect(ev("_state.current in ['completed', 'closed']")).toBe(false);
    expect(ev("'urgent' in doc.tags")).toBe(true);
    expect(ev("'ell' in text")).toBe(true);
    expect(ev("'subtype' in doc")).toBe(true);
    expect(ev("'toString' in doc")).toBe(false);
    expect(ev('1 in nothing')).toBe(false);
    expect(ev("'1' in [1]")).toBe(false);
  });
});

describe('evaluate: functions', () => {
  it('includes', () => {
    expect(ev("includes(doc.tags, 'it')")).toBe(true);
    expect(ev("includes(['a'], 'b')")).toBe(false);
    expect(ev("includes(text, 'll')")).toBe(true);
    expect(ev('includes(nothing, 1)')).toBe(false);
  });
  it('empty', () => {
    expect(ev('empty(nothing)')).toBe(true);
    expect(ev('empty(unknown)')).toBe(true);
    expect(ev("empty('  ')")).toBe(true);
    expect(ev('empty([])')).toBe(true);
    expect(ev('empty(o)', { o: {} })).toBe(true);
    expect(ev('empty(0)')).toBe(false);
    expect(ev('empty(false)')).toBe(false);
    expect(ev('empty(lines)')).toBe(false);
  });
  it('len', () => {
    expect(ev('len(lines)')).toBe(2);
    expect(ev('len(text)')).toBe(5);
    expect(ev('len(doc)')).toBe(4);
    expect(ev('len(nothing)')).toBe(0);
    expect(ev('len(doc.key) == 10')).toBe(true);
  });
  it('startsWith', () => {
    expect(ev("startsWith(doc.subtype, 'P0')")).toBe(true);
    expect(ev('startsWith(doc.key, 45)')).toBe(true);
    expect(ev("startsWith(count, '3')")).toBe(false);
  });
  it('checks the number of arguments', () => {
    expect(() => ev('len()')).toThrow(/takes 1 argument/);
    expect(() => ev('includes([1])')).toThrow(/takes 2 arguments/);
  });
  it('a field rule from a model config', () => {
    const rule =
      "doc.type == 'order' && !empty(lines) && _state.current in ['created', 'updated'] && len(doc.key) != 10";
    expect(ev(rule)).toBe(false);
    expect(ev(rule, { ...scope, doc: { ...scope.doc, key: 'T123' } })).toBe(true);
  });
});

describe('evaluate: errors and caching', () => {
  it.each([
    ['', 0],
    ['1 +', 3],
    ['(1 + 2', 6],
    ['doc.', 4],
    ['a b', 2],
    ["'open", 0],
    ['1 ? 2', 5],
    ['#', 0],
    ['a = 1', 2],
    ['12abc', 0],
    [']', 0],
    ['[1, 2', 5],
  ])('%j fails at position %i', (expr, pos) => {
    const e = errorOf(() => evaluate(expr, {}));
    expect(e.position).toBe(pos);
    expect(e.message).toContain(`at position ${pos}`);
  });
  it('refuses too deep nesting and too long expressions with ExpressionError', () => {
    expect(() => evaluate('('.repeat(500) + '1' + ')'.repeat(500))).toThrow(ExpressionError);
    expect(() => evaluate('!'.repeat(500) + '1')).toThrow(ExpressionError);
    expect(() => evaluate('1+'.repeat(6000) + '1')).toThrow(/too long/);
    expect(evaluate('1' + '+1'.repeat(3000))).toBe(3001);
  });
  it('caches compiled expressions per string', () => {
    const a = compileExpression('count * 2');
    expect(compileExpression('count * 2')).toBe(a);
    expect(a({ count: 4 })).toBe(8);
    expect(a()).toBeNaN();
    expect(expressionCacheSize()).toBeGreaterThan(0);
    expect(parseExpression('a.b')).toMatchObject({ type: 'member', property: 'b' });
  });
  it('throws nothing but ExpressionError on random input', () => {
    const alphabet = fc.constantFrom(
      ...'abcdoc_.$[](),\'"\\ ?:!=<>&|+-*/%0123456789eE'.split(''),
      'constructor',
      '__proto__',
      ' in ',
      'includes(',
      'len(',
      'true',
      'null',
    );
    const exprArb = fc.oneof(
      fc.string(),
      fc.array(alphabet, { maxLength: 40 }).map((a) => a.join('')),
    );
    fc.assert(
      fc.property(exprArb, (expr) => {
        try {
          evaluate(expr, { a: 1, b: 'x', c: [1, 2], d: { e: null }, doc: { subtype: 'P009' } });
        } catch (e) {
          expect(e).toBeInstanceOf(ExpressionError);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('avg', () => {
  it('averages the scores of two score sets, whatever their shape', () => {
    expect(evaluate('avg(a, b)', { a: [4, 2], b: { x: 3 } })).toBe(3);
    expect(evaluate('avg(a, b)', { a: [{ score: 5 }, { score: 'x' }], b: [{ value: 3 }] })).toBe(4);
    expect(evaluate('avg(a, b)', { a: null, b: [] })).toBeNull();
  });
});
