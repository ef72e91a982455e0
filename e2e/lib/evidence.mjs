// Screenshots at 1280 and 390 px and axe-core scans.
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { DESKTOP, PHONE } from './browser.mjs';

const require = createRequire(import.meta.url);
let axeSource;

/** Waits for fonts, running animations and the images in view to finish loading. */
export async function settle(page) {
  await page.evaluate(async () => {
    await document.fonts?.ready;
    const imgs = Array.from(document.images).filter((i) => !i.complete);
    await Promise.race([
      Promise.all(
        imgs.map(
          (i) =>
            new Promise((r) => {
              i.addEventListener('load', r, { once: true });
              i.addEventListener('error', r, { once: true });
            }),
        ),
      ),
      new Promise((r) => setTimeout(r, 3000)),
    ]);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
  // Radix animations (popover, dialog) take up to ~200 ms.
  await page.waitForTimeout(250);
}

export class Evidence {
  constructor(dir) {
    this.dir = dir;
    this.shots = [];
    this.scans = [];
    this.findings = [];
    mkdirSync(dir, { recursive: true });
  }

  /**
   * Saves `name-1280.png` and `name-390.png` (full page), then restores the
   * viewport. `only: 'phone'` is for screens that exist only on small screens.
   */
  async screens(page, name, { only } = {}) {
    const original = page.viewportSize() ?? DESKTOP;
    for (const vp of only === 'phone' ? [PHONE] : [DESKTOP, PHONE]) {
      await page.setViewportSize(vp);
      await settle(page);
      // Product cards far below the fold are not painted (content-visibility: auto) until
      // a shopper scrolls near them, so the picture is taken with a viewport as tall as the
      // page: it shows what scrolling down would show.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      if (height > vp.height) {
        await page.setViewportSize({ width: vp.width, height: Math.min(height, 12000) });
        await settle(page);
      }
      const file = join(this.dir, `${name}-${vp.width}.png`);
      // A page up to 12,000 px tall on a loaded CI machine took over the 10 s default.
      await page.screenshot({ path: file, fullPage: true, animations: 'disabled', timeout: 60_000 });
      this.shots.push(file);
    }
    await page.setViewportSize(original);
    await settle(page);
  }

  /** The accessibility failures recorded since the last call. */
  takeFindings() {
    const f = this.findings;
    this.findings = [];
    return f;
  }

  /**
   * Runs axe-core on the page with its default rules; a serious or critical
   * violation is recorded as a finding that fails the journey at its end.
   */
  async axe(page, screen, { include } = {}) {
    if (!axeSource) axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
    await settle(page);
    const hasAxe = await page.evaluate(() => typeof window.axe !== 'undefined');
    // Evaluated through the DevTools protocol, so the page's CSP does not block it.
    if (!hasAxe) await page.evaluate(axeSource);
    const result = await page.evaluate(
      async ({ include }) => {
        // axe's default rule set (WCAG 2.x A/AA and best practices; experimental rules off).
        const r = await window.axe.run(include ? { include: [include] } : document, { resultTypes: ['violations'] });
        return r.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes
            .slice(0, 5)
            .map((n) => `${n.target.join(' ')} ${n.html.replace(/\s+/g, ' ').slice(0, 160)} :: ${n.failureSummary?.split('\n').slice(1).join('; ')}`),
          count: v.nodes.length,
        }));
      },
      { include },
    );
    const bad = result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    this.scans.push({ screen, url: page.url(), violations: result.length, serious: bad.length });
    if (bad.length) {
      const lines = bad.map((v) => `  [${v.impact}] ${v.id}: ${v.help} (${v.count} node(s))\n${v.nodes.map((n) => `      ${n}`).join('\n')}`);
      // Recorded, not thrown: the journey goes on and fails at its end with every finding.
      this.findings.push(`axe-core found ${bad.length} serious/critical violation(s) on ${screen} (${page.url()}):\n${lines.join('\n')}`);
    }
    return result;
  }
}
