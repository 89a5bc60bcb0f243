// The bench's denominator (scripts/bench-server.ts): a bare Hono endpoint from the project's own
// hono and @hono/node-server, with no middleware at all, in a process of its own like the server's.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono().get('/ping', (c) => c.text('pong'));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
