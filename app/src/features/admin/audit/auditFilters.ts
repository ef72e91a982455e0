import { formatPrice } from '../../../lib/format';
import type { AuditEntry } from '../../../api/wire.gen';

/** The audited actions (shop/audit Actions), in the filter's order. */
export const AUDIT_ACTIONS = [
  'role.changed',
  'settings.changed',
  'refund.created',
  'promotion.created',
  'promotion.updated',
  'promotion.deleted',
  'product.price_changed',
  'product.stock_changed',
  'import.completed',
  'apikey.created',
  'apikey.revoked',
  'webhook.created',
  'webhook.deleted',
] as const;

export const AUDIT_PAGE_SIZE = 50;

/** The log's filters as the URL keeps them ('' for none). */
export interface AuditFilters {
  actor: string;
  action: string;
  target: string;
  from: string;
  to: string;
  page: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the filters from the URL, dropping values the server would refuse (an unknown action, a date not YYYY-MM-DD). */
export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const text = (k: string) => (params.get(k) ?? '').trim().slice(0, 200);
  const date = (k: string) => (DATE.test(params.get(k) ?? '') ? (params.get(k) as string) : '');
  const action = params.get('action') ?? '';
  const page = Number(params.get('page'));
  return {
    actor: text('actor'),
    action: (AUDIT_ACTIONS as readonly string[]).includes(action) ? action : '',
    target: text('target'),
    from: date('from'),
    to: date('to'),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL's query for the filters: only what is set, page only past the first. */
export function auditSearchParams(f: AuditFilters): URLSearchParams {
  const p = new URLSearchParams();
  for (const k of ['actor', 'action', 'target', 'from', 'to'] as const) if (f[k]) p.set(k, f[k]);
  if (f.page > 1) p.set('page', String(f.page));
  return p;
}

/** One changed field of an entry: its value before and after (undefined when the entry has none). */
export interface AuditChange {
  field: string;
  before?: string;
  after?: string;
}

/** An entry's changed fields, in name order; a field with the same value on both sides (the variant a price change is on) is left out. */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'>): AuditChange[] {
  const fields = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])].sort();
  return fields
    .filter((f) => !(f in entry.before && f in entry.after && entry.before[f] === entry.after[f]))
    .map((f) => ({ field: f, before: entry.before[f], after: entry.after[f] }));
}

/** A stored value (JSON text) for people: amounts in cents as prices, texts without quotes, lists joined. */
export function auditValue(field: string, json: string, lang: string): string {
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    return json;
  }
  if (typeof v === 'number' && field.endsWith('Cents')) return formatPrice(v / 100, lang);
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null)) return v.join(', ') || '—';
  if (v === null) return '—';
  return JSON.stringify(v);
}
