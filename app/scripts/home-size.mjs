// The gzip size of the JS the home page loads before it is interactive: the scripts index.html
// names (src/href attributes, and the URL list of the loader that starts them after the first
// paint, scripts/boot-after-paint.ts) and, following their static imports, every chunk they need.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The home's start-up budget: 150 kB of gzip (npm test checks it, scripts/size-budget.test.ts). */
export const HOME_BUDGET_BYTES = 150 * 1024;

/** gzip -9 size of a file. */
export const gzipSize = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/** The start-up files of a build in `out` (pb_public or another outDir) and their gzip total. */
export function homeInitialJs(out) {
  const assets = join(out, 'assets');
  const html = readFileSync(join(out, 'index.html'), 'utf8');
  const files = new Set();
  for (const m of html.matchAll(/["']\/assets\/([^"']+\.js)["']/g)) files.add(m[1]);
  const queue = [...files];
  while (queue.length) {
    const code = readFileSync(join(assets, queue.pop()), 'utf8');
    for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
      if (!files.has(m[1])) {
        files.add(m[1]);
        queue.push(m[1]);
      }
    }
  }
  const bytes = [...files].reduce((s, f) => s + gzipSize(join(assets, f)), 0);
  return { files: [...files], bytes };
}
