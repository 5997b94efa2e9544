export * from './expression.ts';
export * from './dates.ts';
export * from './inputs.ts';
