export * from './constants.ts';
export * from './facts.ts';
export * from './plan.ts';
export * from './vote.ts';
export * from './validate.ts';
