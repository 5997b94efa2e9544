/**
 * A safe evaluator for field rules (viewConditions, expr, conditionalValue of seed 000 section 3).
 *
 * Hand-written tokenizer and recursive-descent parser; no eval, no Function, no dynamic code. The
 * language is a small expression subset of JavaScript:
 *   literals      12  1.5  1e3  'text'  "text"  true  false  null  undefined  [a, b]
 *   paths         doc.subtype  _state.current  lines.length  lines[0].price  doc['key']
 *   operators     (by increasing precedence)
 *                 a ? b : c  ·  ||  ·  &&  ·  == != === !==  ·  < <= > >= in  ·  + -  ·  * / %
 *                 ·  unary ! - +  ·  member access and calls
 *   functions     includes(list, v)  empty(v)  len(v)  startsWith(s, p)   (nothing else is callable)
 * Semantics:
 *   - unknown identifiers and missing properties are undefined; access on null/undefined yields
 *     undefined (like `?.`);
 *   - only own properties of objects are read (plus `length` and indices of arrays and strings), so
 *     prototype members are never reached; `__proto__`, `constructor` and `prototype` are refused with
 *     an ExpressionError, at parse time for dotted paths and at run time for computed keys;
 *   - && and || short-circuit and return an operand, as in JavaScript; the ternary evaluates one branch;
 *   - == and != are loose only between primitives (null == undefined, '1' == 1, true == 1); objects
 *     compare by identity; no method of a value is ever called (no valueOf/toString coercion);
 *   - + concatenates when one side is a string, otherwise adds numbers; arithmetic on non-primitives
 *     gives NaN;
 *   - `v in list` is true when the array contains v, the string contains v, or the object has v as own key.
 * Every failure (syntax, forbidden member, nesting deeper than MAX_DEPTH) is an ExpressionError.
 */

export class ExpressionError extends Error {
  override name = 'ExpressionError';
  /** 0-based character offset in the expression */
  readonly position: number;
  constructor(message: string, position: number) {
    super(`${message} at position ${position}`);
    this.position = position;
  }
}

export type ExpressionScope = Readonly<Record<string, unknown>>;

const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
export const MAX_EXPRESSION_LENGTH = 10_000;
const MAX_DEPTH = 100;

// ---------------------------------------------------------------- tokens

type TokenKind = 'num' | 'str' | 'ident' | 'op' | 'eof';
interface Token {
  kind: TokenKind;
  value: string;
  pos: number;
  num?: number;
}

const OPERATORS = [
  '===',
  '!==',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '%',
  '!',
  '?',
  ':',
  '(',
  ')',
  '[',
  ']',
  ',',
  '.',
];
const ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  v: '\v',
  0: '\0',
};

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src.charAt(i);
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const start = i;
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src.charAt(i + 1)))) {
      const m = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(src.slice(i));
      const text = m?.[0] ?? c;
      i += text.length;
      if (/[A-Za-z_$0-9]/.test(src.charAt(i))) throw new ExpressionError('Invalid number', start);
      tokens.push({ kind: 'num', value: text, pos: start, num: Number(text) });
      continue;
    }
    if (c === "'" || c === '"') {
      let out = '';
      i++;
      for (;;) {
        if (i >= src.length) throw new ExpressionError('Unterminated string', start);
        const ch = src.charAt(i);
        if (ch === c) {
          i++;
          break;
        }
        if (ch === '\\') {
          const next = src.charAt(i + 1);
          if (i + 1 >= src.length) throw new ExpressionError('Unterminated string', start);
          if (next === 'u') {
            const hex = src.slice(i + 2, i + 6);
            if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new ExpressionError('Invalid escape', i);
            out += String.fromCharCode(parseInt(hex, 16));
            i += 6;
          } else {
            out += ESCAPES[next] ?? next;
            i += 2;
          }
          continue;
        }
        out += ch;
        i++;
      }
      tokens.push({ kind: 'str', value: out, pos: start });
      continue;
    }
    if (/[A-Za-z_$]/.test(c)) {
      const m = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(src.slice(i));
      const text = m?.[0] ?? c;
      i += text.length;
      tokens.push({ kind: 'ident', value: text, pos: start });
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (!op) throw new ExpressionError(`Unexpected character '${c}'`, start);
    i += op.length;
    tokens.push({ kind: 'op', value: op, pos: start });
  }
  tokens.push({ kind: 'eof', value: '', pos: src.length });
  return tokens;
}

// ---------------------------------------------------------------- syntax tree

export type ExpressionNode =
  | { type: 'literal'; value: unknown; pos: number }
  | { type: 'ident'; name: string; pos: number }
  | { type: 'array'; items: ExpressionNode[]; pos: number }
  | { type: 'member'; object: ExpressionNode; property: string; pos: number }
  | { type: 'index'; object: ExpressionNode; index: ExpressionNode; pos: number }
  | { type: 'call'; name: FunctionName; args: ExpressionNode[]; pos: number }
  | { type: 'unary'; op: '!' | '-' | '+'; arg: ExpressionNode; pos: number }
  | { type: 'binary'; op: string; left: ExpressionNode; right: ExpressionNode; pos: number }
  | { type: 'logical'; op: '&&' | '||'; left: ExpressionNode; right: ExpressionNode; pos: number }
  | {
      type: 'conditional';
      test: ExpressionNode;
      then: ExpressionNode;
      otherwise: ExpressionNode;
      pos: number;
    };

const KEYWORDS: Readonly<Record<string, unknown>> = {
  true: true,
  false: false,
  null: null,
  undefined: undefined,
};

/** Binary operators by precedence level, lowest first (below unary). */
const BINARY_LEVELS: ReadonlyArray<ReadonlyArray<string>> = [
  ['==', '!=', '===', '!=='],
  ['<', '<=', '>', '>=', 'in'],
  ['+', '-'],
  ['*', '/', '%'],
];

class Parser {
  private i = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.i] ?? this.tokens[this.tokens.length - 1]!;
  }
  private next(): Token {
    const t = this.peek();
    if (this.i < this.tokens.length - 1) this.i++;
    return t;
  }
  private isOp(value: string): boolean {
    const t = this.peek();
    return t.kind === 'op' && t.value === value;
  }
  private expectOp(value: string): Token {
    const t = this.peek();
    if (t.kind !== 'op' || t.value !== value) throw this.unexpected(t, `'${value}'`);
    return this.next();
  }
  private unexpected(t: Token, expected?: string): ExpressionError {
    const what = t.kind === 'eof' ? 'end of expression' : t.kind === 'str' ? 'string' : `'${t.value}'`;
    return new ExpressionError(`Unexpected ${what}${expected ? `, expected ${expected}` : ''}`, t.pos);
  }
  private enter(pos: number): void {
    if (++this.depth > MAX_DEPTH) throw new ExpressionError('Expression nested too deeply', pos);
  }

  parse(): ExpressionNode {
    const node = this.expression();
    const t = this.peek();
    if (t.kind !== 'eof') throw this.unexpected(t);
    return node;
  }

  private expression(): ExpressionNode {
    const t = this.peek();
    this.enter(t.pos);
    const node = this.conditional();
    this.depth--;
    return node;
  }

  private conditional(): ExpressionNode {
    const test = this.logical(0);
    if (!this.isOp('?')) return test;
    const q = this.next();
    const then = this.expression();
    this.expectOp(':');
    const otherwise = this.expression();
    return { type: 'conditional', test, then, otherwise, pos: q.pos };
  }

  private logical(level: 0 | 1): ExpressionNode {
    const op = level === 0 ? '||' : '&&';
    let left = level === 0 ? this.logical(1) : this.binary(0);
    while (this.isOp(op)) {
      const t = this.next();
      const right = level === 0 ? this.logical(1) : this.binary(0);
      left = { type: 'logical', op, left, right, pos: t.pos };
    }
    return left;
  }

  private binary(level: number): ExpressionNode {
    const ops = BINARY_LEVELS[level];
    if (!ops) return this.unary();
    let left = this.binary(level + 1);
    for (;;) {
      const t = this.peek();
      const matches = (t.kind === 'op' || (t.kind === 'ident' && t.value === 'in')) && ops.includes(t.value);
      if (!matches) return left;
      this.next();
      const right = this.binary(level + 1);
      left = { type: 'binary', op: t.value, left, right, pos: t.pos };
    }
  }

  private unary(): ExpressionNode {
    const t = this.peek();
    if (t.kind === 'op' && (t.value === '!' || t.value === '-' || t.value === '+')) {
      this.next();
      this.enter(t.pos);
      const arg = this.unary();
      this.depth--;
      return { type: 'unary', op: t.value, arg, pos: t.pos };
    }
    return this.postfix();
  }

  private postfix(): ExpressionNode {
    let node = this.primary();
    for (;;) {
      if (this.isOp('.')) {
        this.next();
        const name = this.next();
        if (name.kind !== 'ident') throw this.unexpected(name, 'a property name');
        refuseKey(name.value, name.pos);
        node = { type: 'member', object: node, property: name.value, pos: name.pos };
      } else if (this.isOp('[')) {
        const t = this.next();
        const index = this.expression();
        this.expectOp(']');
        if (index.type === 'literal') refuseKey(String(index.value), index.pos);
        node = { type: 'index', object: node, index, pos: t.pos };
      } else if (this.isOp('(')) {
        throw new ExpressionError(
          'Only the functions includes, empty, len and startsWith can be called',
          this.peek().pos,
        );
      } else {
        return node;
      }
    }
  }

  private primary(): ExpressionNode {
    const t = this.next();
    switch (t.kind) {
      case 'num':
        return { type: 'literal', value: t.num, pos: t.pos };
      case 'str':
        return { type: 'literal', value: t.value, pos: t.pos };
      case 'ident': {
        if (Object.hasOwn(KEYWORDS, t.value))
          return { type: 'literal', value: KEYWORDS[t.value], pos: t.pos };
        if (this.isOp('(')) return this.call(t);
        if (t.value === 'in') throw this.unexpected(t);
        refuseKey(t.value, t.pos);
        return { type: 'ident', name: t.value, pos: t.pos };
      }
      case 'op':
        if (t.value === '(') {
          const node = this.expression();
          this.expectOp(')');
          return node;
        }
        if (t.value === '[') return { type: 'array', items: this.list(']'), pos: t.pos };
        throw this.unexpected(t);
      default:
        throw this.unexpected(t);
    }
  }

  private call(name: Token): ExpressionNode {
    if (!isFunctionName(name.value)) throw new ExpressionError(`Unknown function '${name.value}'`, name.pos);
    this.expectOp('(');
    const args = this.list(')');
    const arity = FUNCTIONS[name.value].length;
    if (args.length !== arity) {
      throw new ExpressionError(`${name.value}() takes ${arity} argument${arity === 1 ? '' : 's'}`, name.pos);
    }
    return { type: 'call', name: name.value, args, pos: name.pos };
  }

  /** Comma-separated expressions up to the closing token (already past the opening one). */
  private list(close: string): ExpressionNode[] {
    const items: ExpressionNode[] = [];
    if (this.isOp(close)) {
      this.next();
      return items;
    }
    for (;;) {
      items.push(this.expression());
      if (this.isOp(',')) {
        this.next();
        continue;
      }
      this.expectOp(close);
      return items;
    }
  }
}

function refuseKey(key: string, pos: number): void {
  if (FORBIDDEN_KEYS.has(key)) throw new ExpressionError(`Access to '${key}' is not allowed`, pos);
}

// ---------------------------------------------------------------- functions

const isPrimitive = (v: unknown): v is string | number | boolean | null | undefined | bigint =>
  v === null || (typeof v !== 'object' && typeof v !== 'function');

/** Array membership with strict equality (NaN finds NaN); substring test for strings. */
function contains(list: unknown, v: unknown): boolean {
  // the built-ins are called directly so that an own property of the data can never shadow them
  if (Array.isArray(list)) return Array.prototype.includes.call(list, v);
  if (typeof list === 'string' && (typeof v === 'string' || typeof v === 'number')) {
    return String.prototype.includes.call(list, String(v));
  }
  return false;
}

/** The finite numbers of a score set: an array of numbers or {score|value} objects, or an object of scores. */
function scoreValues(set: unknown): number[] {
  if (set === null || typeof set !== 'object') return [];
  const entries: unknown[] = Array.isArray(set) ? set : Object.values(set);
  return entries
    .map((e) =>
      e !== null && typeof e === 'object'
        ? toNumber((e as Record<string, unknown>).score ?? (e as Record<string, unknown>).value)
        : toNumber(e),
    )
    .filter((n) => Number.isFinite(n));
}

const FUNCTIONS = {
  /** the array contains v (strict equality), or the string contains v */
  includes: (list: unknown, v: unknown): boolean => contains(list, v),
  /** null, undefined, '', whitespace-only strings, empty arrays and objects without own keys */
  empty: (v: unknown): boolean => {
    if (v === null || v === undefined) return true;
    if (typeof v === 'string') return v.trim() === '';
    if (Array.isArray(v)) return v.length === 0;
    if (typeof v === 'object') return Object.keys(v).length === 0;
    return false;
  },
  /** length of an array or string, own key count of an object, otherwise 0 */
  len: (v: unknown): number => {
    if (typeof v === 'string' || Array.isArray(v)) return v.length;
    if (v !== null && typeof v === 'object') return Object.keys(v).length;
    return 0;
  },
  /**
   * Average of the numeric scores in two score sets (arrays of numbers or {score} objects, or
   * objects of key -> score), e.g. an evaluation's material and service criteria. Empty -> null.
   */
  avg: (a: unknown, b: unknown): number | null => {
    const scores = [...scoreValues(a), ...scoreValues(b)];
    return scores.length ? scores.reduce((sum, v) => sum + v, 0) / scores.length : null;
  },
  /** s is a string starting with p (a string or number) */
  startsWith: (s: unknown, p: unknown): boolean =>
    typeof s === 'string' &&
    (typeof p === 'string' || typeof p === 'number') &&
    String.prototype.startsWith.call(s, String(p)),
} as const;
type FunctionName = keyof typeof FUNCTIONS;
const isFunctionName = (name: string): name is FunctionName => Object.hasOwn(FUNCTIONS, name);
export const EXPRESSION_FUNCTIONS = Object.keys(FUNCTIONS) as FunctionName[];

// ---------------------------------------------------------------- evaluation

function readKey(object: unknown, key: unknown, pos: number): unknown {
  if (object === null || object === undefined) return undefined;
  if (typeof key !== 'string' && typeof key !== 'number') return undefined;
  const k = String(key);
  refuseKey(k, pos);
  if (typeof object === 'string' || Array.isArray(object)) {
    if (k === 'length') return object.length;
    if (/^(0|[1-9]\d*)$/.test(k)) return (object as ArrayLike<unknown>)[Number(k)];
    return undefined;
  }
  if (typeof object === 'object' && Object.hasOwn(object, k)) return (object as Record<string, unknown>)[k];
  return undefined;
}

function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === null) return 0;
  if (typeof v === 'string') return Number(v);
  return Number.NaN;
}

function looseEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) {
    return (a === null || a === undefined) && (b === null || b === undefined);
  }
  if (!isPrimitive(a) || !isPrimitive(b)) return false;
  if (typeof a === 'string' && typeof b === 'string') return false;
  return toNumber(a) === toNumber(b);
}

function compare(op: string, a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') {
    return op === '<' ? a < b : op === '<=' ? a <= b : op === '>' ? a > b : a >= b;
  }
  if (!isPrimitive(a) || !isPrimitive(b)) return false;
  const x = toNumber(a);
  const y = toNumber(b);
  return op === '<' ? x < y : op === '<=' ? x <= y : op === '>' ? x > y : x >= y;
}

function isIn(v: unknown, target: unknown, pos: number): boolean {
  if (Array.isArray(target) || typeof target === 'string') return contains(target, v);
  if (target !== null && typeof target === 'object' && (typeof v === 'string' || typeof v === 'number')) {
    refuseKey(String(v), pos);
    return Object.hasOwn(target, String(v));
  }
  return false;
}

function binary(node: Extract<ExpressionNode, { type: 'binary' }>, a: unknown, b: unknown): unknown {
  switch (node.op) {
    case '===':
      return a === b;
    case '!==':
      return a !== b;
    case '==':
      return looseEquals(a, b);
    case '!=':
      return !looseEquals(a, b);
    case '<':
    case '<=':
    case '>':
    case '>=':
      return compare(node.op, a, b);
    case 'in':
      return isIn(a, b, node.pos);
    case '+':
      if (!isPrimitive(a) || !isPrimitive(b)) return Number.NaN;
      if (typeof a === 'string' || typeof b === 'string') return String(a) + String(b);
      return toNumber(a) + toNumber(b);
    case '-':
      return toNumber(a) - toNumber(b);
    case '*':
      return toNumber(a) * toNumber(b);
    case '/':
      return toNumber(a) / toNumber(b);
    case '%':
      return toNumber(a) % toNumber(b);
    default:
      throw new ExpressionError(`Unknown operator '${node.op}'`, node.pos);
  }
}

function run(node: ExpressionNode, scope: ExpressionScope): unknown {
  switch (node.type) {
    case 'literal':
      return node.value;
    case 'ident':
      return Object.hasOwn(scope, node.name) ? scope[node.name] : undefined;
    case 'array':
      return node.items.map((n) => run(n, scope));
    case 'member':
      return readKey(run(node.object, scope), node.property, node.pos);
    case 'index':
      return readKey(run(node.object, scope), run(node.index, scope), node.pos);
    case 'call': {
      const args = node.args.map((n) => run(n, scope));
      const fn = FUNCTIONS[node.name] as (...a: unknown[]) => unknown;
      return fn(...args);
    }
    case 'unary': {
      const v = run(node.arg, scope);
      if (node.op === '!') return !v;
      return node.op === '-' ? -toNumber(v) : toNumber(v);
    }
    case 'logical': {
      const left = run(node.left, scope);
      if (node.op === '&&') return left ? run(node.right, scope) : left;
      return left ? left : run(node.right, scope);
    }
    case 'conditional':
      return run(node.test, scope) ? run(node.then, scope) : run(node.otherwise, scope);
    case 'binary':
      return binary(node, run(node.left, scope), run(node.right, scope));
  }
}

// ---------------------------------------------------------------- public API

export type CompiledExpression = (scope?: ExpressionScope) => unknown;

const CACHE_LIMIT = 1000;
const cache = new Map<string, CompiledExpression>();

/** Parses an expression into its syntax tree (not cached). Throws ExpressionError. */
export function parseExpression(expr: string): ExpressionNode {
  if (typeof expr !== 'string') throw new ExpressionError('Expression must be a string', 0);
  if (expr.length > MAX_EXPRESSION_LENGTH)
    throw new ExpressionError('Expression too long', MAX_EXPRESSION_LENGTH);
  return new Parser(tokenize(expr)).parse();
}

/**
 * Parses once and returns a function evaluating the expression against a scope. Compiled expressions
 * are cached per expression string (at most 1000; the cache is emptied when full).
 */
export function compileExpression(expr: string): CompiledExpression {
  const cached = cache.get(expr);
  if (cached) return cached;
  const ast = parseExpression(expr);
  const compiled: CompiledExpression = (scope = {}) => {
    try {
      return run(ast, scope);
    } catch (e) {
      if (e instanceof ExpressionError) throw e;
      throw new ExpressionError(`Evaluation failed: ${e instanceof Error ? e.message : String(e)}`, 0);
    }
  };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(expr, compiled);
  return compiled;
}

/** Evaluates an expression against a scope. Throws only ExpressionError. */
export function evaluate(expr: string, scope: ExpressionScope = {}): unknown {
  return compileExpression(expr)(scope);
}

/** Number of cached compiled expressions (for tests and diagnostics). */
export const expressionCacheSize = (): number => cache.size;
