export { API_BASE, type App, createApp } from './app.ts';
export { type Config, ConfigError, DEV_SIGNING_KEY, loadConfig } from './core/config.ts';
export type { UserPayload } from './domain/user/user.service.ts';
export type { Deps } from './http/context.ts';
export { sign } from './http/middleware/signature.ts';
