export * from './types.ts';
export * from './states.ts';
export * from './availability.ts';
export * from './paths.ts';
export * from './field-rules.ts';
export * from './validation.ts';
export * from './timeline.ts';
