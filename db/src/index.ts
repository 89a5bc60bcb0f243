export * from './config.ts';
export * from './connect.ts';
export * from './lock.ts';
export * from './market.ts';
export * from './migrate.ts';
export * from './password.ts';
export * from './schema.ts';
export * from './util.ts';
