export * from './types.ts';
export * from './rules.ts';
export * from './status-icons.ts';
export { FIELD_REGISTRY, fieldRenderer } from './registry.tsx';
export { Field } from './Field.tsx';
export { LinesEditor, LINE_ROW_HEIGHT, type Line } from './LinesEditor.tsx';
export { SUGGESTIONS } from './constants.ts';
