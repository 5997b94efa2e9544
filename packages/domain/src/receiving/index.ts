export * from './states.ts';
export * from './quantities.ts';
export * from './evaluation-periods.ts';
