import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '../i18n/languages';
import { firstScreenNamespaces, renderFirstScreens, type Locales } from './render';

const repo = join(__dirname, '..', '..', '..');

function locales(): Locales {
  const out: Locales = {};
  for (const lang of LANGUAGES) {
    out[lang] = {};
    for (const ns of firstScreenNamespaces()) out[lang][ns] = JSON.parse(readFileSync(join(repo, 'app', 'public', 'locales', lang, `${ns}.json`), 'utf8'));
  }
  return out;
}

// The server's first screens (routes/firstscreen) are the components' own markup: the committed
// template must be what the components render today. When it is not: `npm run first-screen`
// (or `make build`), then commit routes/firstscreen/screens.gen.gohtml.
it('the committed first-screen template is the render of the current components', async () => {
  const committed = readFileSync(join(repo, 'routes', 'firstscreen', 'screens.gen.gohtml'), 'utf8');
  const fresh = await renderFirstScreens(locales());
  expect(fresh === committed, 'routes/firstscreen/screens.gen.gohtml is stale: run `npm run first-screen` in app/ and commit it').toBe(true);
});

it('the first screens hold the home, a category, a card, a product page, an information page and the not-found page per language, with the data as actions', async () => {
  const html = readFileSync(join(repo, 'routes', 'firstscreen', 'screens.gen.gohtml'), 'utf8');
  const names = ['home', 'category', 'card', 'cardChoice', 'cardHire', 'price5', 'price7', 'product', 'productOptions', 'picker', 'notFound', 'info', 'faq', 'contact'];
  for (const lang of LANGUAGES) for (const name of names) expect(html).toContain(`{{define "${name}.${lang}"}}`);
  expect(html).toContain(
    '{{range .Cards}}{{if .HireOnly}}{{template "cardHire.en" .}}{{else if .Choice}}{{template "cardChoice.en" .}}{{else}}{{template "card.en" .}}{{end}}{{end}}',
  );
  // Products with options arrive with their pickers, price tag and SKU line (issue 31).
  expect(html).toContain('{{template "picker.en" .Picker}}');
  expect(html).toContain('{{template "price7.en" .PriceTag}}');
  expect(html).toContain('{{if .SKU}}');
  expect(html).toContain('href="/products/{{.ID}}"');
  expect(html).not.toMatch(/qzq|9,876,543\.21|6000007/);
});
