import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { HOME_BUDGET_BYTES, homeInitialJs } from './home-size.mjs';

const out = mkdtempSync(join(tmpdir(), 'stageshop-size-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("the home's start-up JS", () => {
  // The production build, into a folder of its own (pb_public stays as it is).
  it(`stays within ${HOME_BUDGET_BYTES / 1024} kB of gzip`, { timeout: 600_000 }, async () => {
    // As `npm run build` makes it: vitest runs with NODE_ENV=test, which would bundle React's development build.
    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ configFile: join(__dirname, '../vite.config.ts'), mode: 'production', logLevel: 'silent', build: { outDir: out, emptyOutDir: true } });
    } finally {
      process.env.NODE_ENV = env;
    }
    const home = homeInitialJs(out);
    expect(home.files.some((f) => f.startsWith('index-'))).toBe(true);
    expect(home.bytes, `${home.files.join(', ')}: ${home.bytes} B`).toBeLessThanOrEqual(HOME_BUDGET_BYTES);
  });
});
