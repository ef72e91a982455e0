import { PAGE_TABLE } from '../routes';

/**
 * The route table as routes/firstscreen/routes.gen.json: every path the app has and what kind
 * of page it is, so the server answers 404 for no route, 301 for a moved one, and writes each
 * page's head. Written by scripts/first-screen.mjs (`npm run build`); pageTable.test.ts checks it.
 */
export function pageTableJSON(): string {
  return `[\n${PAGE_TABLE.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`;
}
