/**
 * The change an audit event records: only the paths that differ, each with its value before and
 * after. A path present on one side only was added (after) or removed (before). Secrets (passwords,
 * hashes, tokens) never leave this function in clear: their values read as REDACTED, so an auditor
 * sees that one changed, never what it was.
 */

export type AuditValues = Record<string, unknown>;

export interface AuditDiff {
  /** changed paths with their old values; null when the entity did not exist before (a creation) */
  before: AuditValues | null;
  /** changed paths with their new values; null when it does not exist after (a removal, a purge) */
  after: AuditValues | null;
}

export const REDACTED = '[redacted]';

/** Keys whose values are secrets, wherever they sit ('password', 'passwordHash', 'token_hash', ...). */
const SECRET_KEY = /password|passwd|hash|token|secret|api[-_]?key/i;
/** Below this depth a subtree is compared and recorded whole (a document's data is seldom deeper). */
const MAX_DEPTH = 8;

export const isSecretKey = (key: string): boolean => SECRET_KEY.test(key);

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

const isContainer = (v: unknown): v is Record<string, unknown> | unknown[] =>
  Array.isArray(v) || isPlainObject(v);

/** A JSON-safe copy with every secret value replaced by REDACTED. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = isSecretKey(k) ? REDACTED : redactSecrets(v);
    return out;
  }
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** Two leaves (or over-deep subtrees) are equal when they serialise alike. */
function sameLeaf(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(redactSecrets(a)) === JSON.stringify(redactSecrets(b));
}

/**
 * Plain JSON equality without allocating: a 2,000-line save compares thousands of lines, most of
 * them unchanged, and walking each key of those (sets of keys, path strings) was most of its cost.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || !isPlainObject(a) || !isPlainObject(b)) return false;
  let count = 0;
  for (const key in a) {
    if (!Object.hasOwn(a, key)) continue;
    count++;
    if (!Object.hasOwn(b, key) || !sameJson(a[key], b[key])) return false;
  }
  for (const key in b) if (Object.hasOwn(b, key)) count--;
  return count === 0;
}

function walk(
  before: unknown,
  after: unknown,
  path: string,
  depth: number,
  secret: boolean,
  out: { before: AuditValues; after: AuditValues },
): void {
  if (sameJson(before, after)) return;
  if (
    depth < MAX_DEPTH &&
    isContainer(before) &&
    isContainer(after) &&
    Array.isArray(before) === Array.isArray(after)
  ) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of keys) {
      const sub = path ? `${path}.${key}` : key;
      const hidden = secret || isSecretKey(key);
      const has = (o: object) => Object.hasOwn(o, key);
      const b = (before as Record<string, unknown>)[key];
      const a = (after as Record<string, unknown>)[key];
      if (!has(before)) out.after[sub] = hidden ? REDACTED : redactSecrets(a);
      else if (!has(after)) out.before[sub] = hidden ? REDACTED : redactSecrets(b);
      else walk(b, a, sub, depth + 1, hidden, out);
    }
    return;
  }
  if (sameLeaf(before, after)) return;
  const key = path || '$';
  out.before[key] = secret ? REDACTED : redactSecrets(before);
  out.after[key] = secret ? REDACTED : redactSecrets(after);
}

/**
 * The changed paths of `before` -> `after` (plain objects and arrays walked key by key, arrays by
 * index: 'lines.0.price'). A missing side (null or undefined) is a creation or a removal: that side
 * is null and the other holds the whole value. Equal values answer two empty maps.
 */
export function auditDiff(before: unknown, after: unknown): AuditDiff {
  const absent = (v: unknown) => v === null || v === undefined;
  if (absent(before) && absent(after)) return { before: null, after: null };
  const whole = (v: unknown): AuditValues =>
    isPlainObject(v) ? (redactSecrets(v) as AuditValues) : { $: redactSecrets(v) };
  if (absent(before)) return { before: null, after: whole(after) };
  if (absent(after)) return { before: whole(before), after: null };
  const out = { before: {} as AuditValues, after: {} as AuditValues };
  walk(before, after, '', 0, false, out);
  return out;
}

/** Whether a diff records no change at all (an update that wrote the same values). */
export const isEmptyDiff = (diff: AuditDiff): boolean =>
  diff.before !== null &&
  diff.after !== null &&
  Object.keys(diff.before).length === 0 &&
  Object.keys(diff.after).length === 0;
