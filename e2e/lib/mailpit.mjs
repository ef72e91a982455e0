// Mailpit: a real SMTP server with an HTTP API (pinned, installed by
// scripts/ensure-mailpit.sh). Started on free loopback ports; it can be
// stopped and started again on the same ports to play an SMTP outage.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, tempDir } from './server.mjs';

export async function startMailpit() {
  const bin = process.env.MAILPIT_PATH;
  if (!bin || !existsSync(bin)) {
    throw new Error(`MAILPIT_PATH must point at the Mailpit binary (got ${JSON.stringify(bin)}); run scripts/ensure-mailpit.sh or \`make test-e2e\`.`);
  }
  const smtpPort = await freePort();
  const httpPort = await freePort();
  const api = `http://127.0.0.1:${httpPort}`;
  let child = null;
  // Mailpit keeps its messages in a SQLite file, by default a new one in /tmp
  // per start that a killed Mailpit never removes: here it is in a directory
  // the run removes (a restart after a played outage keeps the messages).
  const database = join(await tempDir('stageshop-e2e-mailpit-'), 'mailpit.db');

  async function start() {
    child = spawn(bin, ['--smtp', `127.0.0.1:${smtpPort}`, '--listen', `127.0.0.1:${httpPort}`, '--database', database, '--quiet'], { stdio: 'ignore' });
    const deadline = Date.now() + 15_000;
    for (;;) {
      try {
        const res = await fetch(`${api}/api/v1/info`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('Mailpit did not answer within 15 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function stop() {
    if (!child || child.exitCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await gone;
  }

  /** Messages to an address (newest first), optionally with a subject containing `subject`. */
  async function messagesTo(address, subject = '') {
    const res = await fetch(`${api}/api/v1/search?query=${encodeURIComponent(`to:"${address}"`)}`);
    if (!res.ok) throw new Error(`Mailpit search: ${res.status}`);
    const { messages = [] } = await res.json();
    return messages.filter((m) => !subject || m.Subject.includes(subject));
  }

  /** Waits for a message to `address` whose subject contains `subject`; returns it with HTML and Text. */
  async function waitFor(address, subject = '', timeout = 20_000) {
    const deadline = Date.now() + timeout;
    for (;;) {
      const [m] = await messagesTo(address, subject);
      if (m) {
        const res = await fetch(`${api}/api/v1/message/${m.ID}`);
        return res.json();
      }
      if (Date.now() > deadline) throw new Error(`no e-mail to ${address}${subject ? ` with "${subject}"` : ''} within ${timeout / 1000} s`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  await start();
  process.on('exit', () => child?.kill('SIGKILL'));
  return { smtpPort, api, start, stop, messagesTo, waitFor };
}
