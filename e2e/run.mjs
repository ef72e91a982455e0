// StageShop browser journeys: the real binary, the real app, real Chromium.
// Usage: CHROMIUM_PATH=/usr/bin/chromium STAGESHOP_BIN=../stageshop node run.mjs [--only 1,4]
// Prints one line per journey and a closing "N passed, N failed" line; exits 1 on any failure.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, newJourneyContext } from './lib/browser.mjs';
import { Evidence } from './lib/evidence.mjs';
import { prepareTemplate, startServer } from './lib/server.mjs';
import { journeys } from './journeys/index.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const JOURNEY_TIMEOUT_MS = Number(process.env.E2E_JOURNEY_TIMEOUT_MS || 180_000);

function fail(message) {
  console.error(`e2e: ${message}`);
  process.exit(1);
}

function parseOnly(argv) {
  const i = argv.indexOf('--only');
  if (i < 0) return null;
  return new Set((argv[i + 1] ?? '').split(',').filter(Boolean).map(Number));
}

function fmtDuration(ms) {
  const s = ms / 1000;
  return s < 60 ? `${s.toFixed(1)} s` : `${Math.floor(s / 60)}m ${Math.round(s % 60)}s`;
}

async function main() {
  const bin = process.env.STAGESHOP_BIN;
  const chromiumPath = process.env.CHROMIUM_PATH;
  if (!bin || !existsSync(bin)) fail(`STAGESHOP_BIN must point at the built stageshop binary (got ${JSON.stringify(bin)}); run \`make test-e2e\` from the repository root.`);
  if (!chromiumPath || !existsSync(chromiumPath)) fail(`CHROMIUM_PATH must point at a Chromium binary (got ${JSON.stringify(chromiumPath)}); see scripts/ensure-chromium.sh.`);

  const only = parseOnly(process.argv);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').replace('T', '_').slice(0, 19);
  const runDir = resolve(process.env.E2E_ARTIFACTS_DIR || join(here, 'artifacts', stamp));
  mkdirSync(runDir, { recursive: true });
  const evidence = new Evidence(join(runDir, 'screens'));
  const failDir = join(runDir, 'failures');

  const started = Date.now();
  const servers = [];
  let template;
  let browserHandle;
  const results = [];
  try {
    template = await prepareTemplate({ bin });
    const main = await startServer({ bin, name: 'main', logDir: runDir, template: template.dataDir });
    servers.push(main);
    console.log(`e2e: stageshop at ${main.url} (data ${main.dataDir})`);
    browserHandle = await launchBrowser(chromiumPath);
    console.log(`e2e: Chromium ${browserHandle.browser.version()} from ${chromiumPath}`);

    const state = {};
    for (const journey of journeys) {
      if (only && !only.has(journey.id)) continue;
      const contexts = [];
      const ctx = {
        baseURL: main.url,
        server: main,
        evidence,
        state,
        bin,
        runDir,
        /** A fresh browser context (own storage) on a server, console watched. */
        async newContext(opts = {}) {
          const c = await newJourneyContext(browserHandle.browser, opts.baseURL ?? main.url, opts);
          contexts.push(c);
          return c;
        },
        /** Starts an extra server (e.g. with a short token lifetime); stopped at the end of the run. */
        async startServer(name, env) {
          const s = await startServer({ bin, name, logDir: runDir, env, template: template.dataDir });
          servers.push(s);
          return s;
        },
        log: (msg) => console.log(`    ${msg}`),
      };
      const t0 = Date.now();
      let error = null;
      let timer;
      // A journey that walks many screens may ask for more time than the default.
      const limitMs = Math.max(JOURNEY_TIMEOUT_MS, journey.timeoutMs ?? 0);
      try {
        await Promise.race([
          journey.run(ctx),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`journey timed out after ${limitMs / 1000} s`)), limitMs);
          }),
        ]);
        const problems = contexts.flatMap((c) => c.problems);
        const a11y = evidence.takeFindings();
        if (problems.length || a11y.length) {
          error = new Error(
            [
              problems.length ? `the browser reported ${problems.length} error(s):\n  ${problems.join('\n  ')}` : '',
              a11y.length ? `accessibility:\n  ${a11y.join('\n  ')}` : '',
            ]
              .filter(Boolean)
              .join('\n'),
          );
        }
      } catch (e) {
        error = e;
        const problems = contexts.flatMap((c) => c.problems);
        const a11y = evidence.takeFindings();
        if (problems.length) error.message += `\n  browser errors meanwhile:\n  ${problems.join('\n  ')}`;
        if (a11y.length) error.message += `\n  accessibility findings meanwhile:\n  ${a11y.join('\n  ')}`;
      } finally {
        clearTimeout(timer);
      }
      if (error) {
        mkdirSync(failDir, { recursive: true });
        let n = 0;
        for (const c of contexts) {
          for (const page of c.context.pages()) {
            const file = join(failDir, `journey${journey.id}-page${++n}.png`);
            const alerts = await page
              .getByRole('alert')
              .allTextContents()
              .catch(() => []);
            if (alerts.some((a) => a.trim())) error.message += `\n  alerts on the page: ${alerts.filter((a) => a.trim()).map((a) => JSON.stringify(a.trim())).join(', ')}`;
            await page.screenshot({ path: file, fullPage: true, timeout: 5000 }).catch(() => undefined);
            error.message += `\n  failure screenshot: ${file} (${page.url()})`;
          }
        }
      }
      for (const c of contexts) await c.close();
      const ms = Date.now() - t0;
      results.push({ journey, error, ms });
      console.log(`${error ? '✘' : '✔'} ${journey.id}. ${journey.title} (${fmtDuration(ms)})`);
      if (error) console.log(`    ${String(error.stack || error.message).split('\n').join('\n    ')}`);
    }
  } catch (e) {
    results.push({ journey: { id: 0, title: 'set-up' }, error: e, ms: 0 });
    console.log(`✘ set-up: ${e.stack || e.message}`);
  } finally {
    if (browserHandle) await browserHandle.close();
    for (const s of servers) await s.stop().catch((e) => console.log(`e2e: stopping ${s.name}: ${e.message}`));
    if (template) await template.remove();
  }

  const passed = results.filter((r) => !r.error).length;
  const failed = results.length - passed;
  const ran = results.filter((r) => r.journey.id > 0).length;
  writeFileSync(
    join(runDir, 'summary.json'),
    JSON.stringify(
      {
        results: results.map((r) => ({ id: r.journey.id, title: r.journey.title, ok: !r.error, ms: r.ms, error: r.error?.message })),
        screenshots: evidence.shots,
        axe: evidence.scans,
      },
      null,
      2,
    ),
  );
  console.log('');
  console.log(`axe-core scans: ${evidence.scans.map((s) => `${s.screen} ${s.serious ? `${s.serious} serious/critical` : 'ok'}`).join(', ') || 'none'}`);
  console.log(`Screenshots (${evidence.shots.length} files): ${evidence.dir}`);
  if (only) console.log(`NOTE: --only ${[...only].join(',')}: a partial run, not the full suite.`);
  console.log(`${ran} journeys: ${passed} passed, ${failed} failed in ${fmtDuration(Date.now() - started)}`);
  process.exit(failed || results.length === 0 ? 1 : 0);
}

main().catch((e) => fail(e.stack || e.message));
