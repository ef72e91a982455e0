// Prints the gzip size of every JS/CSS file of the last build and the JS the home page
// loads before it is interactive (scripts/home-size.mjs), against its budget.
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOME_BUDGET_BYTES, gzipSize, homeInitialJs } from './home-size.mjs';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'pb_public');
const assets = join(out, 'assets');
const kb = (n) => (n / 1024).toFixed(1) + ' kB';

const files = readdirSync(assets).filter((f) => /\.(js|css)$/.test(f));
const rows = files.map((f) => ({ f, raw: readFileSync(join(assets, f)).length, gz: gzipSize(join(assets, f)) }));
rows.sort((a, b) => b.gz - a.gz);
for (const r of rows) console.log(`${r.f.padEnd(48)} ${kb(r.raw).padStart(10)} ${kb(r.gz).padStart(10)} gzip`);

const home = homeInitialJs(out);
console.log(`\nHome initial JS (${home.files.join(', ')}): ${kb(home.bytes)} gzip (${home.bytes} B; budget ${kb(HOME_BUDGET_BYTES)})`);
