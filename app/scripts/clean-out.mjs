// Empties ../pb_public before a build, keeping the committed placeholder.html
// (the Go server shows it when no app has been built).
import { readdirSync, rmSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'pb_public');
const keep = new Set(['placeholder.html']);

mkdirSync(out, { recursive: true });
for (const name of readdirSync(out)) {
  if (!keep.has(name)) rmSync(join(out, name), { recursive: true, force: true });
}
