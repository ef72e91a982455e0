import type { Promotion } from '../../../api/types';
import type { Problems } from '../../../lib/form';
import type { PromotionPayload } from './api';

export const KINDS = ['percentage', 'fixed', 'free_shipping'] as const;
export const TARGETS = ['order', 'categories', 'products'] as const;

/** The promotion form's values: texts as typed, dates as the datetime-local input has them (local time). */
export interface PromotionFormValues {
  nameEn: string;
  nameRu: string;
  nameZh: string;
  automatic: boolean;
  code: string;
  kind: Promotion['kind'];
  value: string;
  target: Promotion['target'];
  categoryIds: string[];
  productIds: string[];
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perCustomerLimit: string;
  combinable: boolean;
  isActive: boolean;
}

export const emptyPromotion = (): PromotionFormValues => ({
  nameEn: '',
  nameRu: '',
  nameZh: '',
  automatic: false,
  code: '',
  kind: 'percentage',
  value: '',
  target: 'order',
  categoryIds: [],
  productIds: [],
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perCustomerLimit: '',
  combinable: true,
  isActive: true,
});

/** An RFC 3339 time as a datetime-local value in the admin's own time zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as RFC 3339 UTC (null when empty). */
function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const num = (n: number) => (n ? String(n) : '');

export function fromPromotion(p: Promotion): PromotionFormValues {
  return {
    nameEn: p.name?.en ?? '',
    nameRu: p.name?.ru ?? '',
    nameZh: p.name?.zh ?? '',
    automatic: p.automatic,
    code: p.code,
    kind: p.kind,
    value: p.kind === 'free_shipping' ? '' : String(p.value),
    target: p.target,
    categoryIds: [...p.categoryIds],
    productIds: [...p.productIds],
    minSubtotal: num(p.minSubtotal),
    startsAt: toLocalInput(p.startsAt),
    endsAt: toLocalInput(p.endsAt),
    usageLimit: num(p.usageLimit),
    perCustomerLimit: num(p.perCustomerLimit),
    combinable: p.combinable,
    isActive: p.isActive,
  };
}

/** A copy to start a new promotion from: the same terms, paused, with no code yet (codes are unique). */
export function duplicateOf(p: Promotion, copySuffix: string): PromotionFormValues {
  const v = fromPromotion(p);
  return { ...v, nameEn: `${v.nameEn} ${copySuffix}`.trim(), code: '', isActive: false };
}

const AMOUNT = /^\d{1,11}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,10}$/;

/** The form's rules (the server checks them again): translation keys under promotions.validation. */
export function validatePromotion(v: PromotionFormValues): Problems {
  const p: Problems = {};
  if (!v.nameEn.trim()) p.nameEn = 'nameRequired';
  if (!v.automatic && !/^[A-Za-z0-9-]{3,32}$/.test(v.code.trim())) p.code = 'code';
  if (v.kind !== 'free_shipping') {
    const n = Number(v.value);
    if (!AMOUNT.test(v.value.trim()) || n <= 0) p.value = 'value';
    else if (v.kind === 'percentage' && n > 100) p.value = 'percent';
  }
  if (v.target === 'categories' && v.categoryIds.length === 0) p.categoryIds = 'categories';
  if (v.target === 'products' && v.productIds.length === 0) p.productIds = 'products';
  if (v.minSubtotal.trim() && !AMOUNT.test(v.minSubtotal.trim())) p.minSubtotal = 'amount';
  if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt) p.endsAt = 'endBeforeStart';
  if (v.usageLimit.trim() && !WHOLE.test(v.usageLimit.trim())) p.usageLimit = 'limit';
  if (v.perCustomerLimit.trim() && !WHOLE.test(v.perCustomerLimit.trim())) p.perCustomerLimit = 'limit';
  return p;
}

/** The body the server takes. */
export function toPayload(v: PromotionFormValues): PromotionPayload {
  const name: Record<string, string> = { en: v.nameEn.trim() };
  if (v.nameRu.trim()) name.ru = v.nameRu.trim();
  if (v.nameZh.trim()) name.zh = v.nameZh.trim();
  return {
    name,
    automatic: v.automatic,
    code: v.automatic ? '' : v.code.trim().toUpperCase(),
    kind: v.kind,
    value: v.kind === 'free_shipping' ? 0 : Number(v.value),
    target: v.target,
    categoryIds: v.target === 'categories' ? v.categoryIds : [],
    productIds: v.target === 'products' ? v.productIds : [],
    minSubtotal: Number(v.minSubtotal || 0),
    startsAt: fromLocalInput(v.startsAt),
    endsAt: fromLocalInput(v.endsAt),
    usageLimit: Number(v.usageLimit || 0),
    perCustomerLimit: Number(v.perCustomerLimit || 0),
    combinable: v.combinable,
    isActive: v.isActive,
  };
}

/** The form field a server error path is about (name.en -> nameEn). */
export function promotionFieldPath(path: string): string {
  if (path === 'name' || path === 'name.en') return 'nameEn';
  if (path === 'name.ru') return 'nameRu';
  if (path === 'name.zh') return 'nameZh';
  return path;
}
