// Types of ssr-server.mjs (a plain module: scripts/first-screen.mjs runs it under node).
import type { ViteDevServer } from 'vite';
export function createSsrServer(root: string): Promise<ViteDevServer>;
