export * from './languages.ts';
export * from './catalogue-entry.ts';
export * from './catalogue.ts';
export * from './render.ts';
export * from './roles.ts';
