import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The machine running the tests may be busy: give findBy*/waitFor more time than 1 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these; Radix primitives use them.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function () {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= function () {};
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // The language cookie the i18n detector keeps (for the server's first screen).
  document.cookie = 'i18next=; path=/; max-age=0';
});
