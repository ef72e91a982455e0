import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import postcss from 'postcss';
import type { Plugin } from 'vite';

/**
 * Radix Themes components this app (storefront and admin) never renders. Their rules are
 * dropped from `@radix-ui/themes/components.css`. Using one of them later? Remove it here.
 */
const UNUSED_RADIX_COMPONENTS = [
  'Blockquote',
  'CheckboxCards',
  'CheckboxGroup',
  'Code',
  'ContextMenu',
  'Em',
  'HoverCard',
  'Inset',
  'Kbd',
  'Quote',
  'RadioCards',
  'RadioGroup',
  'Radio',
  'BaseRadio',
  'SegmentedControl',
  'Skeleton',
  'Slider',
  'TabNav',
  'ThemePanel',
];

/** Media query of the `xl` breakpoint (1640px), which no screen uses in responsive props. */
const XL = /min-width:\s*1640px/;

/** Radix class name part (`sm:rt-r-{part}-5`) of each prop the app sets per breakpoint. */
const RESPONSIVE_PROP_CLASS: Record<string, string> = {
  p: 'p', px: 'px', py: 'py', pt: 'pt', pr: 'pr', pb: 'pb', pl: 'pl',
  m: 'm', mx: 'mx', my: 'my', mt: 'mt', mr: 'mr', mb: 'mb', ml: 'ml',
  gap: 'gap', columns: 'gtc', rows: 'gtr', display: 'display', direction: 'fd', align: 'ai', justify: 'jc',
  wrap: 'fw', size: 'size', orientation: 'orientation', width: 'w', height: 'h', minWidth: 'min-w', maxWidth: 'max-w',
  flexGrow: 'fg', flexShrink: 'fs', gridColumn: 'gc',
};

/**
 * The breakpoint classes the app can produce, as `bp:part` (`sm:px`), from the responsive props
 * in its source (`px={{ initial: '3', sm: '5' }}`, `gridColumn={{ md: 'span 2' }}`). Of Radix's ~1,900 breakpoint rules (over
 * half of its CSS) the app uses about twenty. A responsive prop missing from
 * RESPONSIVE_PROP_CLASS fails the build rather than losing its styles.
 */
export function responsiveClassesUsed(sources: string[]): Set<string> {
  const used = new Set<string>();
  for (const code of sources) {
    // An object may leave out `initial` (`gridColumn={{ md: 'span 2' }}`): it is responsive too.
    for (const m of code.matchAll(/(\w+)=\{\{\s*((?:initial|xs|sm|md|lg|xl)\s*:[^{}]*)\}\}/g)) {
      const part = RESPONSIVE_PROP_CLASS[m[1]];
      if (!part) throw new Error(`trim-radix-css: add the responsive prop "${m[1]}" to RESPONSIVE_PROP_CLASS`);
      for (const bp of m[2].matchAll(/\b(xs|sm|md|lg|xl)\s*:/g)) used.add(`${bp[1]}:${part}`);
    }
  }
  return used;
}

function appSources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => readFileSync(join(dir, f), 'utf8'));
}

/** Whether a selector's breakpoint classes (`.sm\\:rt-r-px-5`) are all among the used ones. */
export function keepsSelector(selector: string, used: Set<string>): boolean {
  for (const m of selector.matchAll(/\.(xs|sm|md|lg|xl)\\:rt-r-((?:[\w-]|\\.)+)/g)) {
    const [, bp, name] = m;
    const ok = [...used].some((u) => {
      const [ubp, part] = u.split(':');
      return ubp === bp && (name === part || name.startsWith(`${part}-`));
    });
    if (!ok) return false;
  }
  return true;
}

/**
 * Trims the render-blocking Radix CSS: unused components, the unused `xl` breakpoint and the
 * breakpoint variants of utilities no responsive prop of the app asks for (`srcDir` is scanned).
 */
export function trimRadixCss(srcDir = join(import.meta.dirname, '..', 'src')): Plugin {
  const unused = new RegExp(`\\.rt-(${UNUSED_RADIX_COMPONENTS.join('|')})(?![A-Za-z])`);
  let used: Set<string> | undefined;
  return {
    name: 'stageshop:trim-radix-css',
    enforce: 'pre',
    transform(code, id) {
      if (!/@radix-ui[\\/]themes[\\/](components|utilities)\.css$/.test(id.split('?')[0])) return null;
      const root = postcss.parse(code);
      root.walkAtRules('media', (rule) => {
        if (XL.test(rule.params)) rule.remove();
      });
      used ??= responsiveClassesUsed(appSources(srcDir));
      const usedNow = used;
      root.walkRules((rule) => {
        const keep = rule.selectors.filter((s) => !unused.test(s) && keepsSelector(s, usedNow));
        if (keep.length === 0) rule.remove();
        else if (keep.length !== rule.selectors.length) rule.selectors = keep;
      });
      root.walkAtRules((rule) => {
        if (rule.nodes && rule.nodes.length === 0) rule.remove();
      });
      return { code: root.toString(), map: null };
    },
  };
}
