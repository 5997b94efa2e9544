/** Suggestions of reference fields (seed 001 section 9): delay 100 ms, page size 10, min length 1. */
export const SUGGESTIONS = { delayMs: 100, pageSize: 10, minLength: 1 } as const;
