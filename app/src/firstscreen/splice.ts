/**
 * Turns renders of the real components into one Go html/template (routes/firstscreen).
 *
 * A page is rendered once per variant of each "dimension" (stock: sold out, one, many; the
 * number of photos; the category, ...), the other dimensions at their first variant. Where the
 * renders of a dimension differ is its region; the template keeps the common text once and puts
 * `{{if eq .Field "value"}}region{{else if ...}}{{end}}` in each region. Data the server fills in
 * travels through the components as markers (see `marker`), replaced by template actions at the end.
 */

/** One variant of a dimension: the value the Go field has for it, and the page rendered with it. */
interface Variant {
  when: string;
  html: string;
}

/** A dimension: the Go field that picks the variant, and its renders (one of them is the base). */
export interface Dimension {
  field: string;
  variants: Variant[];
}

/** A marker for data the server fills in: letters only, so escaping and encodeURIComponent keep it. */
export const marker = (name: string) => `qzq${name}qzq`;

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

function commonSuffix(a: string, b: string, max: number): number {
  let i = 0;
  while (i < max && a[a.length - 1 - i] === b[b.length - 1 - i]) i++;
  return i;
}

/** Moves a region's start back out of a tag, so each branch begins with whole text or a whole tag. */
function widenStart(base: string, start: number): number {
  const lt = base.lastIndexOf('<', start - 1);
  return lt >= 0 && base.indexOf('>', lt) >= start ? lt : start;
}

/** Moves a region's end on out of a tag. */
function widenEnd(base: string, end: number): number {
  const open = base.lastIndexOf('<', end - 1);
  return open >= 0 && base.indexOf('>', open) >= end ? base.indexOf('>', end) + 1 : end;
}

interface Region {
  start: number;
  end: number;
  dim: Dimension;
  parts: string[];
}

function regionOf(base: string, dim: Dimension): Region {
  const others = dim.variants.filter((v) => v.html !== base);
  if (others.length === 0) throw new Error(`${dim.field}: its variants render the same`);
  const start = widenStart(base, Math.min(...others.map((v) => commonPrefix(base, v.html))));
  const end = widenEnd(base, base.length - Math.min(...others.map((v) => commonSuffix(base, v.html, Math.min(base.length, v.html.length) - start))));
  const parts = dim.variants.map((v) => {
    const tail = base.length - end;
    if (v.html.slice(0, start) !== base.slice(0, start) || v.html.slice(v.html.length - tail) !== base.slice(end)) {
      throw new Error(`${dim.field}=${v.when}: the render differs outside its region [${start}, ${end}) of ${base.length}`);
    }
    return v.html.slice(start, v.html.length - tail);
  });
  return { start, end, dim, parts };
}

function branches(r: Region): string {
  const { field, variants } = r.dim;
  const last = variants.length - 1;
  return (
    variants
      .map((v, i) => {
        if (i === last) return `{{else}}${r.parts[i]}`;
        return `{{${i === 0 ? '' : 'else '}if eq ${field} ${JSON.stringify(v.when)}}}${r.parts[i]}`;
      })
      .join('') + '{{end}}'
  );
}

/**
 * The template of base (the render with every dimension at its default) with a branch per
 * variant of each dimension (rendered with the others at their defaults); regions must not overlap.
 */
export function splice(base: string, dims: Dimension[]): string {
  if (base.includes('{{')) throw new Error('the render contains "{{", which Go would read as an action');
  const regions = dims.map((d) => regionOf(base, d)).sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const r of regions) {
    if (r.start < at) throw new Error(`${r.dim.field}: its region overlaps another dimension's: ${regions.map((x) => `${x.dim.field} ${x.start}-${x.end}`).join(", ")}`);
    out += base.slice(at, r.start) + branches(r);
    at = r.end;
  }
  return out + base.slice(at);
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/**
 * The span of the element that contains position `at` and is a child of the nearest `parent`
 * element around it (a list item, a row). React's markup is well formed and escapes `>` in
 * attributes, so a tag scan is enough.
 */
function childSpan(html: string, at: number, parent: string): [number, number] {
  const stack: { name: string; start: number }[] = [];
  const tag = /<(\/?)([a-zA-Z][\w-]*)[^>]*>/g;
  let m: RegExpExecArray | null;
  while ((m = tag.exec(html)) && m.index < at) {
    const name = m[2].toLowerCase();
    if (m[1]) stack.pop();
    else if (!VOID.has(name) && !m[0].endsWith('/>')) stack.push({ name, start: m.index });
  }
  const p = stack.map((s) => s.name).lastIndexOf(parent);
  if (p < 0 || p + 1 >= stack.length) throw new Error(`no <${parent}> child around position ${at}`);
  const child = stack[p + 1];
  let depth = stack.length - (p + 1);
  tag.lastIndex = at;
  while ((m = tag.exec(html))) {
    const name = m[2].toLowerCase();
    if (m[1]) depth--;
    else if (!VOID.has(name) && !m[0].endsWith('/>')) depth++;
    if (depth === 0) return [child.start, m.index + m[0].length];
  }
  throw new Error(`unclosed <${child.name}>`);
}

/** Replaces the child of `parent` holding `mark` by `{{range field}}child{{end}}`. */
export function rangeOver(html: string, mark: string, parent: string, field: string): string {
  const at = html.indexOf(mark);
  if (at < 0) throw new Error(`${mark} not rendered`);
  const [start, end] = childSpan(html, at, parent);
  return `${html.slice(0, start)}{{range ${field}}}${html.slice(start, end)}{{end}}${html.slice(end)}`;
}

/** Replaces each marker (or sentinel text) by its template action; every one must occur. */
export function fill(html: string, actions: Record<string, string>): string {
  for (const [text, action] of Object.entries(actions)) {
    if (!html.includes(text)) throw new Error(`${text} not rendered`);
    html = html.split(text).join(action);
  }
  return html;
}

/** The span of the first element from `from` whose start tag holds `attr` (e.g. `data-testid="price"`). */
export function elementSpan(html: string, attr: string, from = 0): [number, number] {
  const at = html.indexOf(attr, from);
  if (at < 0) throw new Error(`${attr} not rendered`);
  const start = html.lastIndexOf('<', at);
  const tag = /<(\/?)([a-zA-Z][\w-]*)[^>]*>/g;
  tag.lastIndex = start;
  let depth = 0;
  let m: RegExpExecArray | null;
  while ((m = tag.exec(html))) {
    if (m[1]) depth--;
    else if (!VOID.has(m[2].toLowerCase()) && !m[0].endsWith('/>')) depth++;
    if (depth === 0) return [start, m.index + m[0].length];
  }
  throw new Error(`the element of ${attr} is not closed`);
}

/** The element whose start tag holds `attr`. */
export function element(html: string, attr: string): string {
  const [start, end] = elementSpan(html, attr);
  return html.slice(start, end);
}

/** html with the element whose start tag holds `attr` replaced by `mark` (spliced back later by fill). */
export function cut(html: string, attr: string, mark: string): string {
  const [start, end] = elementSpan(html, attr);
  return html.slice(0, start) + mark + html.slice(end);
}
