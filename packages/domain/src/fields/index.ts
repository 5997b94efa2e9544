export * from './expression.ts';
export * from './dates.ts';
export * from './inputs.ts';
export * from './field-types.ts';
export * from './files.ts';
export * from './text-limits.ts';
export * from './kit.ts';
export * from './kit-values.ts';
