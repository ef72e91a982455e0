import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { pageTableJSON } from './pageTable';

// The server answers 404 for a path no route of the app takes: a route added to src/routes.tsx
// must reach routes/firstscreen/routes.gen.json (`npm run first-screen` or `make build`, then commit).
it('the committed route table of the server is the app’s', () => {
  const committed = readFileSync(join(__dirname, '..', '..', '..', 'routes', 'firstscreen', 'routes.gen.json'), 'utf8');
  expect(committed, 'routes/firstscreen/routes.gen.json is stale: run `npm run first-screen` in app/ and commit it').toBe(pageTableJSON());
});
