import { CONTACT_STATUSES } from '../../../api/types';
import { CONTACT_PAGE_SIZES, DEFAULT_CONTACT_PAGE_SIZE } from '../api';

export type ContactFilters = ReturnType<typeof readFilters>;

/** The contact list's status filter and paging, read from the URL (anything unknown falls back to the default). */
export function readFilters(params: URLSearchParams) {
  const status = params.get('status') ?? '';
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    status: (CONTACT_STATUSES as readonly string[]).includes(status) ? status : '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: (CONTACT_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_CONTACT_PAGE_SIZE,
  };
}

/** The URL after a filter change: a new filter goes back to page 1; defaults are left out. */
export function writeFilters(prev: URLSearchParams, patch: Partial<ContactFilters>): URLSearchParams {
  const next = new URLSearchParams(prev);
  const merged = { ...readFilters(prev), ...patch };
  if (!('page' in patch)) merged.page = 1;
  if (merged.status) next.set('status', merged.status);
  else next.delete('status');
  if (merged.page > 1) next.set('page', String(merged.page));
  else next.delete('page');
  if (merged.pageSize !== DEFAULT_CONTACT_PAGE_SIZE) next.set('pageSize', String(merged.pageSize));
  else next.delete('pageSize');
  return next;
}
