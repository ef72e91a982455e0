import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { vi } from 'vitest';
import AdminPage from '../AdminPage';
import { renderApp } from '../../../test/render';
import { setupTestI18n } from '../../../test/i18n';
import enAdmin from '../../../../public/locales/en/admin.json';

/** The app's test i18n plus the real English admin texts. */
export async function setupAdminI18n() {
  const i18n = await setupTestI18n();
  if (!i18n.hasResourceBundle('en', 'admin')) i18n.addResourceBundle('en', 'admin', enAdmin, true, true);
  return i18n;
}

/** Renders the dashboard at `route` (under the app's `/admin/*` route). */
export function renderAdmin(route = '/admin') {
  return renderApp(<AdminPage />, { route, path: '/admin/*' });
}

/** Query strings of the fetch calls to `path` (the shared fetch mock records paths only). */
export function queriesTo(fn: { mock: { calls: unknown[][] } }, path: string): URLSearchParams[] {
  return fn.mock.calls
    .map((c) => new URL(String(c[0]), 'http://localhost'))
    .filter((u) => u.pathname === path)
    .map((u) => u.searchParams);
}

/** Opens a Radix Select by its trigger and picks the option with this name. */
export async function chooseOption(user: UserEvent, trigger: HTMLElement, option: string | RegExp) {
  await user.click(trigger);
  const listbox = await screen.findByRole('listbox');
  await user.click(within(listbox).getByRole('option', { name: option }));
}

/** A file of a given size without allocating it. */
export function fakeFile(name: string, type: string, size = 1000): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** A stand-in XMLHttpRequest for the image uploads: each request waits until the test answers it. */
export class FakeXhr {
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.all.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
  get file(): File {
    return this.body?.get('file') as File;
  }

  static install() {
    FakeXhr.all = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  }
}
