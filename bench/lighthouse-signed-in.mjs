// Lighthouse on a page as a signed-in shopper sees it (issue 44: /checkout with a cart line).
// The CLI resets the origin's storage before it loads the page, and the app keeps its session in
// localStorage (authToken, refreshToken: app/src/api/storage.ts), so this sets them in the same
// Chromium first and runs Lighthouse with the storage kept. The report is the CLI's JSON.
// Usage: node lighthouse-signed-in.mjs URL OUT.json mobile|desktop CATEGORIES
//        (env CHROME_PATH, STAGESHOP_AUTH_TOKEN, STAGESHOP_REFRESH_TOKEN)
import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';

const [url, out, formFactor, categories] = process.argv.slice(2);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  // A small page of the same origin: localStorage belongs to the origin.
  await page.goto(new URL('/api/health', url).href);
  await page.evaluate((token, refresh) => {
    localStorage.setItem('authToken', token);
    localStorage.setItem('refreshToken', refresh);
  }, process.env.STAGESHOP_AUTH_TOKEN ?? '', process.env.STAGESHOP_REFRESH_TOKEN ?? '');
  await page.close();
  await browser.disconnect();
  const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories.split(','), disableStorageReset: true };
  const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error('lighthouse returned no result');
  writeFileSync(out, result.report);
} finally {
  chrome.kill();
}
