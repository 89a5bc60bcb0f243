export { API_BASE, type App, createApp } from './app.ts';
export { type Config, ConfigError, DEV_SIGNING_KEY, loadConfig } from './config.ts';
export type { Deps } from './context.ts';
export { sign } from './middleware/signature.ts';
export type { UserPayload } from './routes/user/user.service.ts';
