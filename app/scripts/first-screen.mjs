// Renders the first screens from the app's components into the Go template the server fills
// (routes/firstscreen/screens.gen.gohtml; see src/firstscreen/render.tsx). Part of `npm run build`.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSsrServer } from './ssr-server.mjs';

const app = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OUTPUT = join(app, '..', 'routes', 'firstscreen', 'screens.gen.gohtml');
// The route table as the server reads it (src/routes.tsx's PAGE_TABLE).
const ROUTES_OUTPUT = join(app, '..', 'routes', 'firstscreen', 'routes.gen.json');

/** The start-up translations of every language, as the app serves them. */
export function readLocales(languages, namespaces) {
  const locales = {};
  for (const lang of languages) {
    locales[lang] = {};
    for (const ns of namespaces) locales[lang][ns] = JSON.parse(readFileSync(join(app, 'public', 'locales', lang, `${ns}.json`), 'utf8'));
  }
  return locales;
}

// The FAQ page reads its body with DOMParser (parseFaq), which Node lacks: jsdom's, for this
// render only (the browser has its own).
const { JSDOM } = await import('jsdom');
const { window } = new JSDOM('');
Object.assign(globalThis, { DOMParser: window.DOMParser, Element: window.Element });

const server = await createSsrServer(app);
try {
  const { renderFirstScreens, firstScreenNamespaces } = await server.ssrLoadModule('/src/firstscreen/render.tsx');
  const { LANGUAGES } = await server.ssrLoadModule('/src/i18n/languages.ts');
  const out = await renderFirstScreens(readLocales(LANGUAGES, firstScreenNamespaces()));
  writeFileSync(OUTPUT, out);
  console.log(`first screens: ${OUTPUT} (${(out.length / 1024).toFixed(1)} kB)`);
  const { pageTableJSON } = await server.ssrLoadModule('/src/firstscreen/pageTable.ts');
  writeFileSync(ROUTES_OUTPUT, pageTableJSON());
  console.log(`route table: ${ROUTES_OUTPUT}`);
} finally {
  await server.close();
}
