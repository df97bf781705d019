// npm start: build when needed, then serve the product on PORT (default 3000).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuild, root, webDir } from './lib/build.mjs';

ensureBuild();

const port = process.env.PORT || '3000';
// No --hostname: Next then listens on every interface, and binding it to a named address makes it
// treat its own middleware rewrites as external URLs (a redirect loop on every localised page).
const next = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const server = spawn(process.execPath, [next, 'start', '--port', port], {
  cwd: webDir,
  stdio: 'inherit',
  // DATA_DIR is resolved here because the server's working directory is apps/web.
  env: { ...process.env, DATA_DIR: path.resolve(root, process.env.DATA_DIR || '.data'), NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
