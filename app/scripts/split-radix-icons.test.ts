import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createElement, forwardRef } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as Icons from '@radix-ui/react-icons';
import { describe, expect, it } from 'vitest';
import { iconPieces } from './split-radix-icons';

const file = createRequire(import.meta.url).resolve('@radix-ui/react-icons/dist/react-icons.esm.js');
const { helper, icons } = iconPieces(readFileSync(file, 'utf8'));

/** Runs a piece's code with its imports given: the icon component it defines. */
function run(piece: string, name: string) {
  const helperFn = new Function(`${helper.replace(/export \{[^}]*\};/, '')}; return _objectWithoutPropertiesLoose;`)();
  const body = piece.replace(/^import[^\n]*\n/gm, '').replace(/export \{[^}]*\};/, '');
  return new Function('forwardRef', 'createElement', '_objectWithoutPropertiesLoose', `${body}; return ${name};`)(forwardRef, createElement, helperFn);
}

/** The icons the app's source imports. */
function iconsTheAppUses(dir = join(__dirname, '../src')): Set<string> {
  const out = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const code = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    for (const m of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@radix-ui\/react-icons'/g)) m[1].split(',').forEach((n) => n.trim() && out.add(n.trim()));
  }
  return out;
}

describe('splitRadixIcons', () => {
  it('cuts the package into one piece per icon it exports', () => {
    const exported = Object.keys(Icons).filter((k) => k.endsWith('Icon'));
    expect([...icons.keys()].sort()).toEqual(exported.sort());
  });

  it('draws every icon the app uses as the package does', () => {
    const used = iconsTheAppUses();
    expect(used.size).toBeGreaterThan(10);
    for (const name of used) {
      const original = (Icons as unknown as Record<string, typeof Icons.CheckIcon>)[name];
      const piece = icons.get(name);
      expect(piece, name).toBeDefined();
      const props = { color: 'red', 'aria-hidden': true, className: 'x' };
      expect(renderToStaticMarkup(createElement(run(piece!, name), props)), name).toBe(renderToStaticMarkup(createElement(original, props)));
    }
  });
});
