import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The back office is served by the one server under /admin/ (DESIGN §1).
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
});
