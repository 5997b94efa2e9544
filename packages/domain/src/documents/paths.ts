/**
 * Dotted paths into documents ('risk.gdpr', 'doc.subtype', 'lines.0.price'): the one reader and
 * writer of field srcs for the server and the web app. Own properties only; __proto__, constructor
 * and prototype are refused, so a field src from a model configuration can never reach a prototype.
 */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export class PathError extends Error {
  override name = 'PathError';
}

/** Split and checked paths: field srcs are few and read for every line of large documents. */
const segmentCache = new Map<string, readonly string[]>();
const SEGMENT_CACHE_MAX = 10_000;

function segments(path: string): readonly string[] {
  const known = segmentCache.get(path);
  if (known) return known;
  const parts = path.split('.');
  if (path === '' || parts.some((p) => p === '')) throw new PathError(`Invalid path '${path}'`);
  for (const p of parts) if (FORBIDDEN_KEYS.has(p)) throw new PathError(`Access to '${p}' is not allowed`);
  if (segmentCache.size < SEGMENT_CACHE_MAX) segmentCache.set(path, Object.freeze(parts));
  return parts;
}

/**
 * Reads a dotted path ('risk.gdpr', 'doc.subtype', 'lines.0.price'): own properties only, array
 * indices as numeric segments; undefined when any step is missing. Invalid or forbidden paths read
 * as undefined.
 */
export function getPath(obj: unknown, path: string): unknown {
  let parts: readonly string[];
  try {
    parts = segments(path);
  } catch {
    return undefined;
  }
  let cur: unknown = obj;
  for (const p of parts) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if (Array.isArray(cur)) {
      if (!/^(0|[1-9]\d*)$/.test(p)) return undefined;
      cur = cur[Number(p)];
    } else {
      if (!Object.hasOwn(cur, p)) return undefined;
      cur = (cur as Record<string, unknown>)[p];
    }
  }
  return cur;
}

/**
 * Returns a copy of `obj` with `value` at the dotted path; the objects along the path are copied,
 * missing ones created (arrays are kept as arrays for numeric segments). `obj` is not modified.
 * Throws PathError for an empty segment or __proto__, constructor, prototype.
 */
export function setPath<T>(obj: T, path: string, value: unknown): T {
  const parts = segments(path);
  const write = (cur: unknown, i: number): unknown => {
    const key = parts[i]!;
    const last = i === parts.length - 1;
    if (Array.isArray(cur) && /^(0|[1-9]\d*)$/.test(key)) {
      const copy = [...(cur as unknown[])];
      copy[Number(key)] = last ? value : write(copy[Number(key)], i + 1);
      return copy;
    }
    const base: Record<string, unknown> =
      cur !== null && typeof cur === 'object' && !Array.isArray(cur)
        ? { ...(cur as Record<string, unknown>) }
        : {};
    const child = Object.hasOwn(base, key) ? base[key] : undefined;
    Object.defineProperty(base, key, {
      value: last ? value : write(child, i + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
    return base;
  };
  return write(obj, 0) as T;
}
