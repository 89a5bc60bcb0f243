import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';

/** The human-readable API reference: Swagger UI from its npm package, reading /api/v1/openapi.json. */
export function docsRoutes() {
  // The package's folder, found without loading its index: that reads Swagger UI's 1.5 MB bundle at every start.
  const root = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const asset = (name: string) => readFileSync(path.join(root, name));
  const cache = new Map<string, Buffer>();
  const serve = (name: string, type: string) => (c: { body: (b: Uint8Array, s: 200, h: Record<string, string>) => Response }) => {
    const body = cache.get(name) ?? asset(name);
    cache.set(name, body);
    return c.body(new Uint8Array(body), 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' });
  };
  return new Hono<AppEnv>()
    .get('/', (c) =>
      c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Autoroute API reference</title><link rel="stylesheet" href="/api/v1/docs/swagger-ui.css"></head>
<body><div id="api"></div><script src="/api/v1/docs/swagger-ui-bundle.js"></script><script src="/api/v1/docs/init.js"></script></body></html>`),
    )
    .get('/swagger-ui.css', serve('swagger-ui.css', 'text/css; charset=utf-8'))
    .get('/swagger-ui-bundle.js', serve('swagger-ui-bundle.js', 'text/javascript; charset=utf-8'))
    .get('/init.js', (c) =>
      c.body("window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#api', supportedSubmitMethods: [] });", 200, {
        'Content-Type': 'text/javascript; charset=utf-8',
      }),
    );
}
