import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    css: false,
    restoreMocks: true,
    // userEvent typing in jsdom is slow on a 2-core machine, slower still
    // when it is busy (a form test took 20 s while other builds ran)
    testTimeout: 60_000,
  },
});
