import postcss from 'postcss';
import type { Plugin } from 'vite';

/**
 * Radix Themes components this app (storefront and admin) never renders. Their rules are
 * dropped from `@radix-ui/themes/components.css`. Using one of them later? Remove it here.
 */
export const UNUSED_RADIX_COMPONENTS = [
  'Blockquote',
  'CheckboxCards',
  'CheckboxGroup',
  'Code',
  'ContextMenu',
  'Em',
  'HoverCard',
  'Inset',
  'Kbd',
  'Link',
  'Quote',
  'RadioCards',
  'RadioGroup',
  'Radio',
  'BaseRadio',
  'SegmentedControl',
  'Skeleton',
  'Slider',
  'Strong',
  'TabNav',
  'ThemePanel',
];

/** Media query of the `xl` breakpoint (1640px), which no screen uses in responsive props. */
const XL = /min-width:\s*1640px/;

/** Trims the render-blocking Radix CSS: unused components and the unused `xl` breakpoint. */
export function trimRadixCss(): Plugin {
  const unused = new RegExp(`\\.rt-(${UNUSED_RADIX_COMPONENTS.join('|')})(?![A-Za-z])`);
  return {
    name: 'stageshop:trim-radix-css',
    enforce: 'pre',
    transform(code, id) {
      if (!/@radix-ui[\\/]themes[\\/](components|utilities)\.css$/.test(id.split('?')[0])) return null;
      const root = postcss.parse(code);
      root.walkAtRules('media', (rule) => {
        if (XL.test(rule.params)) rule.remove();
      });
      root.walkRules((rule) => {
        const keep = rule.selectors.filter((s) => !unused.test(s));
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
