// `npm run dev`: the API server with reload on :3000, Astro's dev server on :4321 and the back
// office's Vite dev server on :5173 (both proxy /api to :3000). Ctrl-C stops all three.
import { spawn } from 'node:child_process';

const procs = [
  ['api', 'node', ['--watch', '--import', 'tsx', 'api/src/server/main.ts']],
  ['storefront', 'npm', ['run', 'dev', '-w', 'storefront']],
  ['backoffice', 'npm', ['run', 'dev', '-w', 'backoffice']],
].map(([name, cmd, args]) => {
  // SHUTDOWN_GRACE_MS=0: no load balancer to drain from, and each reload of the API stops it with SIGTERM.
  const env = { SHUTDOWN_GRACE_MS: '0', ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  const prefix = (chunk) => process.stdout.write(chunk.toString().replace(/^(?=.)/gm, `[${name}] `));
  child.stdout.on('data', prefix);
  child.stderr.on('data', prefix);
  return child;
});
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
console.log('Storefront: http://localhost:4321   Back office: http://localhost:5173/admin/   API: http://localhost:3000/api/v1/docs');
