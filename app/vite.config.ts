import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { trimRadixCss } from './scripts/trim-radix-css';

const backend = 'http://127.0.0.1:8090';

export default defineConfig({
  plugins: [react(), trimRadixCss()],
  server: {
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
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
});
