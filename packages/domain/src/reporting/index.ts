export * from './constants.ts';
export * from './data-types.ts';
export * from './dates.ts';
export * from './report-query.ts';
export * from './pipeline.ts';
export * from './dashboard-what.ts';
