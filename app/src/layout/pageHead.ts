import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { API_BASE, type PageHead } from '../api';

/**
 * The page's head (title, description, canonical and language alternates, link preview, structured
 * data) is the server's (routes/pagehead): it comes with the page, and when the app moves to another
 * page by itself it asks GET /api/head for that page's and puts it in place. The address the head in
 * the document is for: the server wrote it for the first address the app shows (set then; never on
 * the server's render of the first screens).
 */
let headFor: string | undefined;

/** Replaces the head's elements (those the server marks data-head, and index.html's own title and description). */
export function applyHead(html: string): void {
  // Parsed as an inert document: its scripts (JSON-LD data) never run.
  const parsed = new DOMParser().parseFromString(`<!doctype html><html><head>${html}</head></html>`, 'text/html');
  document.head.querySelectorAll('[data-head], title, meta[name="description"]').forEach((e) => e.remove());
  for (const node of Array.from(parsed.head.children)) document.head.append(document.importNode(node, true));
}

/** A moment to let a search's typing settle before asking for its head. */
const SETTLE_MS = 150;

/** Keeps the document's head the one the server gives the page at the current address. */
export function usePageHead(): void {
  // A new location on every move, a switch of language (same path, another address) included.
  const location = useLocation();
  useEffect(() => {
    const address = `${window.location.pathname}${window.location.search}`;
    headFor ??= address;
    if (address === headFor) return;
    const abort = new AbortController();
    const timer = window.setTimeout(() => {
      // Plain fetch, not the app's client: a head needs no token, and must never start a refresh.
      fetch(`${API_BASE}/head?path=${encodeURIComponent(address)}`, { signal: abort.signal, headers: { Accept: 'application/json' } })
        .then((res) => (res.ok ? (res.json() as Promise<PageHead>) : Promise.reject(new Error(`head ${res.status}`))))
        .then((head) => {
          applyHead(head.html);
          headFor = address;
        })
        .catch(() => undefined); // the head stays as it was: the page itself works
    }, SETTLE_MS);
    return () => {
      window.clearTimeout(timer);
      abort.abort();
    };
  }, [location]);
}
