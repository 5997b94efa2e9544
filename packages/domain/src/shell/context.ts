import type { UserContext } from '../api/contract.ts';

/** The context header value: base64 of UTF-8 JSON. Works in browsers and Node (btoa/atob). */
export function encodeContext(context: UserContext): string {
  const bytes = new TextEncoder().encode(JSON.stringify(context));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** Decodes a context header; anything malformed yields an empty context rather than an error. */
export function decodeContext(value: string | null | undefined): UserContext {
  if (!value) return {};
  try {
    const binary = atob(value);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const out: UserContext = {};
    for (const k of ['group', 'location', 'plant', 'workgroup'] as const) {
      const v = (parsed as Record<string, unknown>)[k];
      if (typeof v === 'string' || v === null) out[k] = v;
    }
    const active = (parsed as Record<string, unknown>).active;
    if (active === 'organization' || active === 'group' || active === null) out.active = active;
    return out;
  } catch {
    return {};
  }
}
