export * from './audience.ts';
export * from './lines.ts';
export * from './rules.ts';
export * from './attachments.ts';
export * from './display.ts';
