import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { Link, Route, Routes } from 'react-router-dom';
import { setupTestI18n } from '../test/i18n';
import { LanguageRouter, useLanguageSwitch } from '../i18n/LanguageRouter';
import { applyHead, usePageHead } from './pageHead';

/** The server's head of a page, as GET /api/head answers it (routes/pagehead writes the real one). */
const headOf = (address: string) => {
  const lang = address.startsWith('/ru/') ? 'ru' : 'en';
  return {
    status: 200,
    lang,
    html:
      `<title data-head="">${lang === 'ru' ? 'Прожектор' : 'Spot'} at ${address}</title>` +
      `<meta data-head="" name="description" content="about ${address}">` +
      `<link data-head="" rel="canonical" href="https://shop.example${address}">` +
      `<script data-head="" type="application/ld+json">{"@type":"Product"}</script>`,
  };
};

function Page() {
  usePageHead();
  const { switchTo } = useLanguageSwitch();
  return (
    <div>
      <Link to="/products/p1">Spot</Link>
      <button type="button" onClick={() => switchTo('ru')}>
        Русский
      </button>
    </div>
  );
}

const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');

describe('the page head', () => {
  beforeAll(setupTestI18n);
  afterEach(async () => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
    await i18n.changeLanguage('en');
  });

  it('is the server’s: kept on the first page, asked for on every page the app moves to, in its language, and on Back', async () => {
    document.head.innerHTML = '<title>StageShop – Stage equipment</title><meta name="description" content="index">';
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        const path = url.searchParams.get('path') ?? '';
        asked.push(`${url.pathname} ${path}`);
        return new Response(JSON.stringify(headOf(path)), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    render(
      <LanguageRouter>
        <Routes>
          <Route path="*" element={<Page />} />
        </Routes>
      </LanguageRouter>,
    );
    await new Promise((r) => setTimeout(r, 250));
    expect(asked, 'the first page keeps the head it came with').toEqual([]);

    await userEvent.click(screen.getByRole('link', { name: 'Spot' }));
    await waitFor(() => expect(document.title).toBe('Spot at /products/p1'));
    expect(asked).toEqual(['/api/head /products/p1']);
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(canonical()).toBe('https://shop.example/products/p1');

    await userEvent.click(screen.getByRole('button', { name: 'Русский' }));
    await waitFor(() => expect(document.title).toBe('Прожектор at /ru/products/p1'));
    expect(canonical()).toBe('https://shop.example/ru/products/p1');

    act(() => window.history.back());
    await waitFor(() => expect(document.title).toBe('Spot at /products/p1'));
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);
  });

  it('never runs what it puts in place', () => {
    const ran = vi.fn();
    (window as unknown as { ranHead: () => void }).ranHead = ran;
    applyHead('<title data-head="">x</title><script data-head="">window.ranHead()</script><img src="x" onerror="window.ranHead()">');
    expect(document.title).toBe('x');
    expect(ran).not.toHaveBeenCalled();
  });
});
