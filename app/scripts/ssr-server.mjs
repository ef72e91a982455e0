// The Vite server scripts/first-screen.mjs renders the first screens with: no HTTP server and
// no HMR websocket. hmr: false alone still opened the websocket on port 24678, so two builds at
// once (two worktrees, `make test` beside `make run`) printed "Port 24678 is already in use".
import { createServer } from 'vite';

export function createSsrServer(root) {
  return createServer({ root, configFile: false, logLevel: 'error', appType: 'custom', server: { middlewareMode: true, hmr: false, ws: false } });
}
