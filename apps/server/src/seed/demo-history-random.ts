/**
 * The small deterministic toolkit of the demo history: a seeded PRNG (mulberry32), calendar days
 * as yyyy-MM-dd strings, and amounts as integer cents turned into decimal text, so that no amount
 * of the history ever passes through floating point (the money rules of packages/domain compute
 * every value from these texts).
 */

export interface Random {
  /** a number in [0, 1) */
  next(): number;
  /** an integer in [min, max] */
  int(min: number, max: number): number;
  /** true with probability p */
  chance(p: number): boolean;
  pick<T>(list: readonly T[]): T;
  /** a key chosen with the given weights */
  weighted<T extends string>(weights: Readonly<Record<T, number>>): T;
}

/** mulberry32: tiny, fast and the same sequence for the same seed on every machine. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(next() * list.length)]!,
    weighted<T extends string>(weights: Readonly<Record<T, number>>): T {
      const entries = Object.entries(weights) as Array<[T, number]>;
      let roll = next() * entries.reduce((s, [, w]) => s + w, 0);
      for (const [key, w] of entries) {
        roll -= w;
        if (roll < 0) return key;
      }
      return entries[entries.length - 1]![0];
    },
  };
}

const DAY_MS = 86_400_000;

/** The UTC day of an instant, yyyy-MM-dd. */
export const dayOf = (t: Date): string => t.toISOString().slice(0, 10);

/** The day `days` after `day` (negative: before). */
export const addDays = (day: string, days: number): string =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** Whole days from `from` to `to`. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** An instant on `day` at a working hour (08:00 to 17:59 UTC), deterministic from the PRNG. */
export const instantOn = (day: string, rnd: Random): Date =>
  new Date(Date.parse(`${day}T00:00:00Z`) + (8 * 60 + rnd.int(0, 599)) * 60_000);

/** '12.34' -> 1234: a catalogue price with two decimals read as integer cents (no float). */
export function centsOf(text: string): number {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new Error(`not a price with at most two decimals: ${text}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** 1234 -> '12.34'. */
export const centsText = (cents: number): string =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** `cents` scaled by percent/100, rounded half up, in integers. */
export const scaleCents = (cents: number, percent: number): number =>
  Math.max(1, Math.floor((cents * percent + 50) / 100));

/**
 * A Portuguese tax number (NIF/NIPC) with its check digit (modulo 11 over the first eight digits,
 * weights 9 to 2; a remainder under 2 gives 0).
 */
export function portugueseVat(base8: number): string {
  const digits = String(base8).padStart(8, '0').slice(-8);
  const sum = [...digits].reduce((s, d, i) => s + Number(d) * (9 - i), 0);
  const r = sum % 11;
  return `${digits}${r < 2 ? 0 : 11 - r}`;
}
