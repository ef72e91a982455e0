import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootAfterFirstPaint } from './boot-after-paint';

const built = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor-def.js">
<link rel="modulepreload" crossorigin href="/assets/client-ghi.js">
<link rel="stylesheet" crossorigin href="/assets/index-jkl.css">
</head><body><div id="root"></div></body></html>`;

function transform(html: string): string {
  const hook = bootAfterFirstPaint().transformIndexHtml as { handler: (html: string) => string };
  return hook.handler(html);
}

/** Runs the loader the build put into index.html, as the browser would. */
function runLoader(html: string) {
  const code = /<script>(\(function\(entry,preloads\)[\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(code).toBeTruthy();
  new Function(code!)();
}

const moduleScripts = () => [...document.head.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src'));
const preloads = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));

describe('bootAfterFirstPaint', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    delete (window as unknown as { startupPreloads?: unknown }).startupPreloads;
    vi.useRealTimers();
  });

  it('takes the scripts out of <head> so nothing is fetched before the first paint', () => {
    const html = transform(built);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('type="module"');
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('rel="stylesheet"'); // the CSS stays render-blocking
    expect(html).toMatch(/<script>\(function\(entry,preloads\).*"\/assets\/index-abc\.js",\["\/assets\/vendor-def\.js","\/assets\/client-ghi\.js"\]\)<\/script>\n<\/body>/);
  });

  it('starts the preloads, module preloads and entry on the first frame', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    const startupPreloads = vi.fn();
    (window as unknown as { startupPreloads: () => void }).startupPreloads = startupPreloads;

    runLoader(transform(built));
    expect(moduleScripts()).toEqual([]);
    expect(startupPreloads).not.toHaveBeenCalled();

    frames.forEach((cb) => cb(16));
    vi.advanceTimersByTime(0);
    // One insertion per task: the first module preload now, the rest in the next tasks.
    expect(preloads()).toEqual(['/assets/vendor-def.js']);
    expect(startupPreloads).not.toHaveBeenCalled();
    vi.advanceTimersByTime(20);
    expect(startupPreloads).toHaveBeenCalledTimes(1);
    expect(preloads()).toEqual(['/assets/vendor-def.js', '/assets/client-ghi.js']);
    expect(moduleScripts()).toEqual(['/assets/index-abc.js']);

    vi.advanceTimersByTime(5000); // the fallback timer does not load it twice
    expect(moduleScripts()).toHaveLength(1);
    expect(startupPreloads).toHaveBeenCalledTimes(1);
  });

  it('starts when the first paint is on screen, where the browser reports paints', () => {
    vi.useFakeTimers();
    const observers: { cb: (list: { getEntries: () => unknown[] }, o: { disconnect: () => void }) => void; options?: unknown }[] = [];
    const disconnect = vi.fn();
    class FakeObserver {
      static supportedEntryTypes = ['paint', 'mark'];
      constructor(cb: (typeof observers)[number]['cb']) {
        observers.push({ cb });
      }
      observe(options: unknown) {
        observers[observers.length - 1].options = options;
      }
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    try {
      runLoader(transform(built));
      expect(observers).toHaveLength(1);
      expect(observers[0].options).toEqual({ type: 'paint', buffered: true });
      frames.forEach((cb) => cb(16)); // a frame alone is not enough
      vi.advanceTimersByTime(0);
      expect(moduleScripts()).toEqual([]);

      observers[0].cb({ getEntries: () => [{ name: 'first-paint' }] }, { disconnect });
      vi.advanceTimersByTime(20);
      expect(disconnect).toHaveBeenCalled();
      expect(moduleScripts()).toEqual(['/assets/index-abc.js']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('boots after three seconds when no frame comes', () => {
    vi.useFakeTimers();
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    runLoader(transform(built));
    vi.advanceTimersByTime(2999);
    expect(preloads()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(preloads()).toEqual(['/assets/vendor-def.js']);
    vi.advanceTimersByTime(20);
    expect(moduleScripts()).toEqual(['/assets/index-abc.js']);
  });

  it('boots at once in a hidden tab, where frames never come', () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    runLoader(transform(built));
    expect(preloads()).toEqual(['/assets/vendor-def.js']); // started without waiting for a frame
    vi.advanceTimersByTime(20);
    expect(moduleScripts()).toEqual(['/assets/index-abc.js']);
  });

  it('fails the build when index.html has no entry script', () => {
    expect(() => transform('<html><head></head><body></body></html>')).toThrow(/no entry module script/);
  });
});
