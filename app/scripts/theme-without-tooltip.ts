import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const shim = fileURLToPath(new URL('../src/lib/themeRadixDeps.ts', import.meta.url));

/**
 * Radix Themes' `Theme` wraps the app in Radix's tooltip provider, and importing it brings the
 * whole tooltip (popper, floating-ui, dismissable layer: about 17 kB gzip) into the home's
 * start-up code. This resolves the `radix-ui` import of `Theme` alone to src/lib/themeRadixDeps.ts,
 * whose tooltip provider renders its children; the admin, the only page with tooltips, has its
 * own provider (features/admin/AdminPage.tsx).
 */
export function themeWithoutTooltip(): Plugin {
  return {
    name: 'stageshop-theme-without-tooltip',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'radix-ui' && importer && /[\\/]@radix-ui[\\/]themes[\\/]dist[\\/]esm[\\/]components[\\/]theme\.js$/.test(importer)) {
        return shim;
      }
      return null;
    },
  };
}
