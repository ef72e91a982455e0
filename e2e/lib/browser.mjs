// Debian's Chromium through playwright-core: one browser per run, a fresh
// context per journey, console errors and page errors collected per page.
import { chromium } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * Launches Chromium; playwright-core gives every launch a fresh temporary
 * user-data dir and removes it on close. Returns {browser, close()}.
 */
export async function launchBrowser(executablePath) {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout: 60_000 });
  return {
    browser,
    async close() {
      await browser.close().catch(() => undefined);
    },
  };
}

/**
 * Pages whose sign-in is waiting out the login limit (10 a minute per IP,
 * shared by a lane's journeys): the helper in shop.mjs retries on 429, so the
 * browser's "429 (Too Many Requests)" for /api/auth/login is expected there.
 */
export const loginLimitWaits = new WeakSet();

/**
 * A fresh context (own cookies and storage) on baseURL with English as the
 * browser language. Every page opened in it reports console errors, uncaught
 * exceptions, crashed pages and CSP violations into `problems`; `allowConsole(predicate)`
 * declares a message the journey expects (each use must say why).
 */
export async function newJourneyContext(browser, baseURL, { locale = 'en-US', storageState } = {}) {
  // storageState: another context's cookies and storage (a sign-in made once, used in several).
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, locale, deviceScaleFactor: 1, storageState });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(20_000);
  const problems = [];
  const allowed = [];
  const watch = (page) => {
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const loc = msg.location();
      const text = `${msg.text()}${loc?.url ? ` (${loc.url}${loc.lineNumber ? `:${loc.lineNumber}` : ''})` : ''}`;
      if (allowed.some((a) => a(text, msg))) return;
      if (loginLimitWaits.has(page) && /status of 429\b/.test(text) && text.includes('/api/auth/login')) return;
      problems.push(`console error on ${page.url()}: ${text}`);
    });
    page.on('pageerror', (err) => problems.push(`uncaught exception on ${page.url()}: ${err.stack || err.message}`));
    page.on('crash', () => problems.push(`page crashed: ${page.url()}`));
    page.on('dialog', (d) => {
      problems.push(`unexpected ${d.type()} dialog on ${page.url()}: ${d.message()}`);
      void d.dismiss();
    });
  };
  context.on('page', watch);
  // Every Content-Security-Policy violation fails the journey (the app's pages
  // carry a CSP, routes/headers.go), reported with the directive and source.
  await context.exposeBinding('__stageshopCspViolation', ({ page }, v) => {
    problems.push(`CSP violation on ${page.url()}: ${v.directive} refused ${v.blocked || 'inline code'} at ${v.source} (${v.sample || 'no sample'})`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = window.__stageshopCspViolation;
      if (typeof report === 'function') {
        void report({ directive: e.effectiveDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}`, sample: e.sample });
      }
    });
  });
  return {
    context,
    problems,
    allowConsole(predicate) {
      allowed.push(predicate);
    },
    /** Removes and returns the problems a journey provoked on purpose. */
    takeProblems(predicate) {
      const taken = problems.filter(predicate);
      for (const p of taken) problems.splice(problems.indexOf(p), 1);
      return taken;
    },
    async newPage() {
      const page = await context.newPage();
      return page;
    },
    async close() {
      await context.close().catch(() => undefined);
    },
  };
}
