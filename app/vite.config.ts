import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// Extensions and the JSON import attribute spelled out: Vite warned on every build that the config
// would not load with its coming native loader otherwise.
import { trimRadixCss } from './scripts/trim-radix-css.ts';
import { bootAfterFirstPaint } from './scripts/boot-after-paint.ts';
import { themeWithoutTooltip } from './scripts/theme-without-tooltip.ts';
import { splitRadixIcons } from './scripts/split-radix-icons.ts';
import constants from '../routes/firstscreen/constants.json' with { type: 'json' };

const backend = 'http://127.0.0.1:8090';

// Libraries every page runs before it is interactive. They go into one
// `vendor` chunk: one request instead of a dozen small shared chunks, and
// gzip compresses them better together (3.5 kB less on the home). Only
// packages the home already loads belong here; admin-only ones (select,
// tabs, ...) must stay in the lazy chunks.
const startupPackages = [
  'react', 'react-dom', 'scheduler', 'react-router', 'react-router-dom', 'use-sync-external-store',
  'i18next', 'i18next-http-backend', 'i18next-browser-languagedetector', 'react-i18next',
  '@tanstack/query-core', '@tanstack/react-query', 'classnames', 'tslib',
  // Small Radix primitives the start-up components use. The popovers' machinery (popover,
  // popper, floating-ui, focus scope, dismissable layer, remove-scroll) loads on first use
  // (components/DeferredPopover.tsx), so it stays out of this chunk.
  ...['slot', 'compose-refs', 'context', 'id', 'direction', 'visually-hidden', 'avatar', 'primitive',
    'use-callback-ref', 'use-controllable-state', 'use-effect-event', 'use-layout-effect'].map((name) => `@radix-ui/react-${name}`),
  '@radix-ui/primitive',
];
const startupModule = new RegExp(
  `[\\\\/]node_modules[\\\\/](${startupPackages.map((p) => p.replace('/', '[\\\\/]')).join('|')})[\\\\/]`,
);

/** index.html's start-up script detects the languages the server and the app share (constants.json). */
function sharedLanguages(): Plugin {
  return {
    name: 'stageshop-shared-languages',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html.replaceAll('__SHOP_LANGUAGES__', constants.languages.join('|')).replaceAll('__SHOP_FALLBACK_LANGUAGE__', constants.fallbackLanguage),
    },
  };
}

// Small app modules every page reads (the shared constants, the query keys): alone each was a
// request of a few hundred bytes.
const sharedConstants = /[\\/](routes[\\/]firstscreen[\\/]constants\.json|src[\\/]lib[\\/]shared\.ts|src[\\/]api[\\/]queryKeys\.ts)$/;

export default defineConfig({
  plugins: [react(), sharedLanguages(), trimRadixCss(), bootAfterFirstPaint(), themeWithoutTooltip(), splitRadixIcons()],
  server: {
    // The shared constants live beside the Go code that embeds them (../routes/firstscreen).
    fs: { allow: ['.', '../routes/firstscreen'] },
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/images': { target: backend, changeOrigin: true },
    },
  },
  build: {
    outDir: '../pb_public',
    // pb_public/placeholder.html is committed; scripts/clean-out.mjs clears the rest before a build.
    emptyOutDir: false,
    target: 'es2022',
    cssCodeSplit: true,
    // The live-updates chunk starts when the page is idle: nothing to preload for it, and no
    // dependency list for it in the entry chunk (the home's start-up code stays as small).
    modulePreload: { resolveDependencies: (file, deps) => (/\/start-[^/]+\.js$/.test(file) ? [] : deps) },
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // The shared constants too: every page reads them, and alone they were a 200-byte request.
        // The icons' shared helper too (scripts/split-radix-icons.ts): the home's icons need it.
        codeSplitting: {
          groups: [{ name: 'vendor', test: (id: string) => startupModule.test(id) || sharedConstants.test(id) || id === '\0radix-icon:helper' }],
        },
      },
    },
  },
});
