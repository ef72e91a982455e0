// Starts the real stageshop binary on a free loopback port with a fresh data
// dir, the demo catalog and a CLI-made admin; stops it again (also on failure).
import { spawn, execFile } from 'node:child_process';
import { createWriteStream, rmSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const ADMIN = { email: 'admin@e2e.stageshop.test', password: 'E2eAdmin123', firstName: 'Ada', lastName: 'Admin' };

/** A free TCP port on 127.0.0.1 (asks the OS, then releases it for the server). */
export function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

const live = new Set();
const dirs = new Set();
function killAll() {
  for (const child of live) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
process.on('exit', killAll);
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    killAll();
    process.exit(130);
  });
}

/**
 * A new temporary directory that is removed when the run ends (also after a
 * failure or Ctrl-C): for the files of a helper that would otherwise leave
 * them in /tmp (Mailpit's database).
 */
export async function tempDir(prefix) {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  dirs.add(dir);
  return dir;
}

async function cli(bin, args, env) {
  try {
    await run(bin, args, { env, timeout: 300_000 });
  } catch (e) {
    throw new Error(`stageshop ${args.join(' ')} failed: ${e.stderr || e.message}`);
  }
}

/**
 * Makes the run's template data dir once: migrations, the demo catalog and
 * the admin, all through the binary's CLI. Servers start from copies of it.
 */
export async function prepareTemplate({ bin }) {
  const binary = resolve(bin);
  const dataDir = await mkdtemp(join(tmpdir(), 'stageshop-e2e-template-'));
  dirs.add(dataDir);
  await cli(binary, ['migrate', 'up', '--dir', dataDir], process.env);
  await cli(binary, ['seed', '--dir', dataDir], process.env);
  await cli(
    binary,
    ['admin', 'create', ADMIN.email, ADMIN.password, '--first', ADMIN.firstName, '--last', ADMIN.lastName, '--dir', dataDir],
    process.env,
  );
  return {
    dataDir,
    async remove() {
      await rm(dataDir, { recursive: true, force: true });
      dirs.delete(dataDir);
    },
  };
}

/**
 * Serves a fresh copy of the template data dir on a free loopback port and
 * waits for /api/health. Returns {url, port, dataDir, stop()}.
 */
export async function startServer({ bin, name, logDir, template, env = {} }) {
  const binary = resolve(bin);
  const dataDir = await mkdtemp(join(tmpdir(), `stageshop-e2e-${name}-`));
  dirs.add(dataDir);
  await cp(template, dataDir, { recursive: true });
  const fullEnv = { ...process.env, ...env };

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = createWriteStream(join(logDir, `server-${name}.log`));
  const child = spawn(binary, ['serve', '--http', `127.0.0.1:${port}`, '--dir', dataDir], {
    env: fullEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = { code, signal };
    live.delete(child);
  });

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error(`stageshop serve (${name}) exited early (${JSON.stringify(exited)}); see ${join(logDir, `server-${name}.log`)}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`stageshop serve (${name}) did not answer /api/health within 30 s`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  async function stop() {
    if (!exited) {
      const done = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await done;
      clearTimeout(timer);
    }
    log.end();
    await rm(dataDir, { recursive: true, force: true });
    dirs.delete(dataDir);
  }

  return { url, port, dataDir, name, stop };
}
