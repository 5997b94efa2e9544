export * from './access.ts';
export * from './diff.ts';
export * from './hidden.ts';
