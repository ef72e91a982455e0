// StageShop browser journeys: the real binary, the real app, real Chromium.
// Usage: CHROMIUM_PATH=/usr/bin/chromium STAGESHOP_BIN=../stageshop node run.mjs [--only 1,4]
// Prints one line per journey and a closing "N passed, N failed" line; exits 1 on any failure.
// The journeys run in two lanes at once (journeys/index.mjs), each on its own server; E2E_LANES=1 runs one lane.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, newJourneyContext } from './lib/browser.mjs';
import { Evidence } from './lib/evidence.mjs';
import { prepareTemplate, startServer } from './lib/server.mjs';
import { journeys, lanes } from './journeys/index.mjs';

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

/**
 * Runs one journey with a fresh set of contexts on its lane's server; returns
 * its result (the error, if any, carries the browser's problems, the
 * accessibility findings and the failure screenshots).
 */
async function runJourney(journey, lane, { browser, bin, runDir, template, servers }) {
  const { server, evidence, state } = lane;
  const contexts = [];
  // Two lanes print at once: a journey's own lines name it.
  const log = (msg) => console.log(`    [${journey.id}] ${msg}`);
  const ctx = {
    baseURL: server.url,
    server,
    evidence,
    state,
    bin,
    runDir,
    /** A fresh browser context (own storage) on a server, console watched. */
    async newContext(opts = {}) {
      const c = await newJourneyContext(browser, opts.baseURL ?? server.url, opts);
      contexts.push(c);
      return c;
    },
    /** Starts an extra server (e.g. with a short token lifetime); stopped at the end of the run. */
    async startServer(name, env) {
      const s = await startServer({ bin, name: `${name}-j${journey.id}`, logDir: runDir, env, template: template.dataDir });
      servers.push(s);
      return s;
    },
    log,
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
    error = e instanceof Error ? e : new Error(String(e));
    const problems = contexts.flatMap((c) => c.problems);
    const a11y = evidence.takeFindings();
    if (problems.length) error.message += `\n  browser errors meanwhile:\n  ${problems.join('\n  ')}`;
    if (a11y.length) error.message += `\n  accessibility findings meanwhile:\n  ${a11y.join('\n  ')}`;
  } finally {
    clearTimeout(timer);
  }
  if (error) await failureScreens(error, journey, contexts, join(runDir, 'failures'));
  for (const c of contexts) await c.close();
  return { journey, error, ms: Date.now() - t0 };
}

/** Adds the pages' alerts and full-page screenshots of every open page to error. */
async function failureScreens(error, journey, contexts, failDir) {
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

/**
 * Runs a lane's journeys one after another on the lane's own server (a copy of
 * the template: its own database and its own rate limits), with the lane's own
 * `state` and accessibility findings. The lanes run at once.
 */
async function runLane(n, list, run) {
  const server = await startServer({ bin: run.bin, name: `lane${n}`, logDir: run.runDir, template: run.template.dataDir });
  run.servers.push(server);
  console.log(`e2e: lane ${n} (journeys ${list.map((j) => j.id).join(', ')}) at ${server.url} (data ${server.dataDir})`);
  const lane = { server, evidence: new Evidence(run.screensDir), state: {} };
  run.evidences.push(lane.evidence);
  for (const journey of list) {
    const r = await runJourney(journey, lane, run);
    run.results.push(r);
    const laneTag = run.laneCount > 1 ? ` [lane ${n}]` : '';
    console.log(`${r.error ? '✘' : '✔'} ${journey.id}. ${journey.title} (${fmtDuration(r.ms)})${laneTag}`);
    if (r.error) console.log(`    ${String(r.error.stack || r.error.message).split('\n').join('\n    ')}`);
  }
}

/** The journeys of each lane, in the order of `journeys`; E2E_LANES=1 runs them all in one. */
function planLanes(only) {
  const chosen = journeys.filter((j) => !only || only.has(j.id));
  if (process.env.E2E_LANES === '1') return [chosen];
  return lanes.map((ids) => chosen.filter((j) => ids.includes(j.id))).filter((l) => l.length);
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
  const run = { bin, runDir, screensDir: join(runDir, 'screens'), servers: [], evidences: [], results: [], template: null, browser: null };

  const started = Date.now();
  let browserHandle;
  try {
    run.template = await prepareTemplate({ bin });
    browserHandle = await launchBrowser(chromiumPath);
    run.browser = browserHandle.browser;
    console.log(`e2e: Chromium ${browserHandle.browser.version()} from ${chromiumPath}`);
    const plan = planLanes(only);
    run.laneCount = plan.length;
    // One browser for both lanes: each journey's contexts are its own.
    const settled = await Promise.allSettled(plan.map((list, i) => runLane(i + 1, list, run)));
    for (const s of settled) {
      if (s.status === 'rejected') {
        run.results.push({ journey: { id: 0, title: 'set-up' }, error: s.reason, ms: 0 });
        console.log(`✘ set-up: ${s.reason?.stack || s.reason}`);
      }
    }
  } catch (e) {
    run.results.push({ journey: { id: 0, title: 'set-up' }, error: e, ms: 0 });
    console.log(`✘ set-up: ${e.stack || e.message}`);
  } finally {
    if (browserHandle) await browserHandle.close();
    for (const s of run.servers) await s.stop().catch((e) => console.log(`e2e: stopping ${s.name}: ${e.message}`));
    if (run.template) await run.template.remove();
  }

  const { results } = run;
  const shots = run.evidences.flatMap((e) => e.shots);
  const scans = run.evidences.flatMap((e) => e.scans);
  const passed = results.filter((r) => !r.error).length;
  const failed = results.length - passed;
  const ran = results.filter((r) => r.journey.id > 0).length;
  writeFileSync(
    join(runDir, 'summary.json'),
    JSON.stringify(
      {
        results: results.map((r) => ({ id: r.journey.id, title: r.journey.title, ok: !r.error, ms: r.ms, error: r.error?.message })),
        screenshots: shots,
        axe: scans,
      },
      null,
      2,
    ),
  );
  console.log('');
  console.log(`axe-core scans: ${scans.map((s) => `${s.screen} ${s.serious ? `${s.serious} serious/critical` : 'ok'}`).join(', ') || 'none'}`);
  console.log(`Screenshots (${shots.length} files): ${run.screensDir}`);
  const failedIds = results.filter((r) => r.error).map((r) => r.journey.id || 'set-up');
  if (failedIds.length) console.log(`Failed: ${failedIds.join(', ')}`);
  if (only) console.log(`NOTE: --only ${[...only].join(',')}: a partial run, not the full suite.`);
  console.log(`${ran} journeys: ${passed} passed, ${failed} failed in ${fmtDuration(Date.now() - started)}`);
  process.exit(failed || results.length === 0 ? 1 : 0);
}

main().catch((e) => fail(e.stack || e.message));
