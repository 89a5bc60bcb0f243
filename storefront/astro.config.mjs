import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import scriptHashes from './script-hashes.mjs';

// Server-rendered pages behind our own Node server (DESIGN §1): Astro runs in middleware mode.
export default defineConfig({
  output: 'server',
  // Pages are rendered whole, not streamed: each is a few milliseconds of work once its API reads are
  // in (they come first, in the page's frontmatter), and a stream cost more than the render itself
  // (web streams, a chunk per component, a zlib stream written in small pieces). The middleware then
  // sends it compressed in one call (src/middleware.ts), or keeps it.
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  // scriptHashes: the page policy's hashes of the scripts written into pages (script-hashes.mjs).
  integrations: [react(), scriptHashes()],
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
    // A component's script stays a file of its own (allowed as 'self'), never written into the page,
    // where the page policy would need its hash; other small assets are inlined as Vite decides.
    build: { assetsInlineLimit: (file) => (/\.m?js$/.test(file) ? false : undefined) },
    server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000', '/admin': 'http://localhost:3000' } },
  },
});
