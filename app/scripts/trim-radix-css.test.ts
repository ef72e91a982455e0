import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepsSelector, responsiveClassesUsed } from './trim-radix-css';

describe('trimRadixCss: breakpoint classes', () => {
  it('finds the breakpoints of every responsive prop', () => {
    const used = responsiveClassesUsed([
      `<Container px={{ initial: '3', sm: '5' }}><Grid columns={{ initial: '1', xs: '2', md: '3', lg: '4' }} /></Container>`,
      `<Heading size={{ initial: '7', sm: '8' }} /><Box display={{ initial: 'none', sm: 'block' }} />`,
    ]);
    expect([...used].sort()).toEqual(['lg:gtc', 'md:gtc', 'sm:display', 'sm:px', 'sm:size', 'xs:gtc']);
  });

  it('finds a responsive prop that leaves out initial (the profile and contact forms span two columns)', () => {
    const used = responsiveClassesUsed([`<Box gridColumn={{ md: 'span 2' }}><Box mt={{ sm: '4' }} /></Box>`]);
    expect([...used].sort()).toEqual(['md:gc', 'sm:mt']);
    expect(keepsSelector('.md\\:rt-r-gc', used)).toBe(true);
  });

  it('fails the build on a responsive prop it cannot map, instead of losing its styles', () => {
    expect(() => responsiveClassesUsed([`<Box mysteryProp={{ initial: '1', sm: '2' }} />`])).toThrow(/mysteryProp/);
    expect(() => responsiveClassesUsed([`<Box mysteryProp={{ md: '2' }} />`])).toThrow(/mysteryProp/);
  });

  it('keeps the used breakpoint classes and everything else, drops the unused ones', () => {
    const used = new Set(['sm:px', 'md:gtc', 'sm:size', 'sm:display']);
    for (const kept of ['.sm\\:rt-r-px-5', '.md\\:rt-r-gtc-3', '.md\\:rt-r-gtc', '.rt-Heading:where(.sm\\:rt-r-size-8)', '.sm\\:rt-r-display-none', '.rt-r-px-5', '.rt-Button', '.rt-Card']) {
      expect(keepsSelector(kept, used), kept).toBe(true);
    }
    for (const dropped of ['.sm\\:rt-r-py-5', '.xs\\:rt-r-px-5', '.lg\\:rt-r-gtc-4', '.sm\\:rt-r-pt-2', '.md\\:rt-r-min-w', '.sm\\:rt-r-m--1']) {
      expect(keepsSelector(dropped, used), dropped).toBe(false);
    }
  });

  it('keeps what the app itself asks for (its own sources)', () => {
    const dir = join(import.meta.dirname, '..', 'src');
    const sources = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.tsx'))
      .map((f) => readFileSync(join(dir, f), 'utf8'));
    const used = responsiveClassesUsed(sources);
    // The home's grid, the header's phone/desktop switch and the padding of every screen.
    for (const cls of ['.xs\\:rt-r-gtc-2', '.md\\:rt-r-gtc-3', '.lg\\:rt-r-gtc-4', '.sm\\:rt-r-display-none', '.sm\\:rt-r-display-block', '.sm\\:rt-r-px-5']) {
      expect(keepsSelector(cls, used), cls).toBe(true);
    }
  });
});
