// A second `make run` with nothing changed must not reinstall or rebuild the app (issue 44):
// the Makefile's own rules, run by make on a small copy of the app's layout with set file times.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createSsrServer } from './ssr-server.mjs';

const makefile = join(__dirname, '..', '..', 'Makefile');
const tree = mkdtempSync(join(tmpdir(), 'stageshop-make-'));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

const files = ['app/src/main.tsx', 'app/public/locales/en/common.json', 'app/scripts/first-screen.mjs', 'app/index.html',
  'app/vite.config.ts', 'app/package.json', 'app/package-lock.json', 'app/node_modules/.package-lock.json', 'pb_public/index.html'];
/** Sets each file's modification time, in seconds from the start of 2026. */
function at(times: Record<string, number>) {
  for (const [file, t] of Object.entries(times)) utimesSync(join(tree, file), 1767225600 + t, 1767225600 + t);
}
for (const f of files) {
  mkdirSync(dirname(join(tree, f)), { recursive: true });
  writeFileSync(join(tree, f), '');
}
// As after a first `make run`: the sources, then npm ci, then the build.
function afterFirstRun() {
  at(Object.fromEntries(files.map((f) => [f, 0])));
  at({ 'app/node_modules/.package-lock.json': 60, 'pb_public/index.html': 120 });
}
/** The commands `make run` would run now (make -n), one per line. */
function plan(): string {
  return execFileSync('make', ['-n', '-f', makefile, 'run', 'BIN=./stageshop', 'DATA=data'], { cwd: tree, encoding: 'utf8' });
}
const upToDate = (target: string) => spawnSync('make', ['-q', '-f', makefile, target], { cwd: tree }).status === 0;

describe('a second make run', () => {
  it('with nothing changed neither installs nor builds the app, and keeps the data', () => {
    afterFirstRun();
    expect(upToDate('pb_public/index.html')).toBe(true);
    expect(upToDate('app/node_modules/.package-lock.json')).toBe(true);
    const steps = plan();
    expect(steps).not.toContain('npm');
    // The binary is Go's to skip (its build cache); the data are kept by idempotent commands.
    expect(steps).toContain('go build');
    expect(steps).toContain('seed --dir data');
    expect(steps).not.toMatch(/rm -rf/);
  });

  it('rebuilds the app, without reinstalling, when one of its sources changed', () => {
    for (const changed of ['app/src/main.tsx', 'app/public/locales/en/common.json', 'app/vite.config.ts']) {
      afterFirstRun();
      at({ [changed]: 200 });
      expect(upToDate('pb_public/index.html'), changed).toBe(false);
      const steps = plan();
      expect(steps, changed).toContain('npm run build');
      expect(steps, changed).not.toContain('npm ci');
    }
  });

  it('reinstalls the packages when the lock file changed', () => {
    afterFirstRun();
    at({ 'app/package-lock.json': 200 });
    expect(plan()).toMatch(/npm ci[^]*npm run build/);
  });
});

describe("the first screens' render server", () => {
  // Vite's HMR websocket port: held here as a second build (or a dev server) would hold it.
  it('opens no websocket, so a build beside another prints no "Port 24678 is already in use"', async () => {
    const holder: Server = createServer();
    await new Promise<void>((resolve) => holder.once('error', () => resolve()).listen(24678, resolve));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = await createSsrServer(join(__dirname, '..'));
    await new Promise((r) => setTimeout(r, 300)); // the listen error arrives on a later tick
    await server.close();
    holder.close();
    expect(errors.mock.calls.flat().join('\n')).not.toContain('already in use');
  });
});
