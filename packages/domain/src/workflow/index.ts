export * from './reachability.ts';
