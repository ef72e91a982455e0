// Prints the gzip size of every JS/CSS file of the last build and the JS the home page
// loads before it is interactive (entry chunk plus its static imports, from index.html).
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'pb_public');
const assets = join(out, 'assets');
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1) + ' kB';

const files = readdirSync(assets).filter((f) => /\.(js|css)$/.test(f));
const rows = files.map((f) => ({ f, raw: readFileSync(join(assets, f)).length, gz: gz(join(assets, f)) }));
rows.sort((a, b) => b.gz - a.gz);
for (const r of rows) console.log(`${r.f.padEnd(48)} ${kb(r.raw).padStart(10)} ${kb(r.gz).padStart(10)} gzip`);

const html = readFileSync(join(out, 'index.html'), 'utf8');
const initial = new Set();
// In src/href attributes and in the URL list of the loader that starts the scripts after the
// first paint (scripts/boot-after-paint.ts).
for (const m of html.matchAll(/["']\/assets\/([^"']+\.js)["']/g)) initial.add(m[1]);
// follow static imports of the entry chunk(s)
const queue = [...initial];
while (queue.length) {
  const f = queue.pop();
  const code = readFileSync(join(assets, f), 'utf8');
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    if (!initial.has(m[1])) { initial.add(m[1]); queue.push(m[1]); }
  }
}
const total = [...initial].reduce((s, f) => s + gz(join(assets, f)), 0);
console.log(`\nHome initial JS (${[...initial].join(', ')}): ${kb(total)} gzip (${total} B)`);
