import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const PREFIX = '\0radix-icon:';
const HELPER = `${PREFIX}helper`;
const iconImport = /import\s*\{([^}]*)\}\s*from\s*['"]@radix-ui\/react-icons['"];?/g;

/**
 * @radix-ui/react-icons is one module of 318 icons. A module lives in one chunk, so the icons that
 * any lazy screen uses (admin, checkout, account: 41 of them) all landed in the home's start-up
 * chunk beside the 14 the first screen draws (about 9 kB gzip). This cuts the package's file, at
 * build time, into its helper and one module per icon, and points the app's imports at those, so
 * that each icon lands with the screens that draw it. Dev and the unit tests use the package as it is.
 */
export function splitRadixIcons(): Plugin {
  let pieces: ReturnType<typeof iconPieces> | undefined;
  const load = () => (pieces ??= iconPieces(readFileSync(createRequire(import.meta.url).resolve('@radix-ui/react-icons/dist/react-icons.esm.js'), 'utf8')));
  return {
    name: 'stageshop-split-radix-icons',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/].*\.tsx?$/.test(id) || !code.includes('@radix-ui/react-icons')) return null;
      return code.replace(iconImport, (_, names: string) =>
        names
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean)
          .map((n) => `import { ${n} } from '${PREFIX}${n.split(/\s+as\s+/)[0]}';`)
          .join('\n'),
      );
    },
    resolveId: (source) => (source.startsWith(PREFIX) ? source : null),
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const { helper, icons } = load();
      if (id === HELPER) return helper;
      const name = id.slice(PREFIX.length);
      const icon = icons.get(name);
      if (!icon) throw new Error(`@radix-ui/react-icons has no ${name}`);
      return icon;
    },
  };
}

/**
 * The package's file as modules: its helper, and each icon with the imports it needs, by name. The
 * file is `import ... from 'react'`, the helper function, then `var _excluded$N = ["color"]; var
 * NameIcon = forwardRef(...)` per icon, then one `export { ... }`.
 */
export function iconPieces(source: string): { helper: string; icons: Map<string, string> } {
  const reactImport = /^import[^\n]*\n/.exec(source)?.[0] ?? '';
  const first = source.indexOf('var _excluded');
  const end = source.lastIndexOf('\nexport {');
  if (!reactImport.includes("'react'") || first < 0 || end < first) throw new Error('@radix-ui/react-icons: unknown file layout');
  const helper = `${source.slice(reactImport.length, first)}\nexport { _objectWithoutPropertiesLoose };\n`;
  const icons = new Map<string, string>();
  for (const piece of source.slice(first, end).split(/\n(?=var _excluded)/)) {
    const name = /var (\w+) = \/\*#__PURE__\*\/forwardRef/.exec(piece)?.[1];
    if (!name) continue;
    icons.set(name, `${reactImport}import { _objectWithoutPropertiesLoose } from '${HELPER}';\n${piece}\nexport { ${name} };\n`);
  }
  return { helper, icons };
}
