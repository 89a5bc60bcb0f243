import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

// Server-rendered pages behind our own Node server (DESIGN §1): Astro runs in middleware mode.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  compressHTML: true,
  build: { inlineStylesheets: 'auto' },
  prefetch: false,
  devToolbar: { enabled: false },
  // Astro's own origin check compares with a URL it builds without trusting the Host header, so it
  // refuses our own forms behind the Node server; the pages that take a form check the origin
  // themselves (lib/billing.ts fromThisSite), as the API does.
  security: { checkOrigin: false },
  server: { port: 4321 },
  vite: {
    server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000', '/admin': 'http://localhost:3000' } },
  },
});
