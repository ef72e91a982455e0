import type { ShippingSettings } from '../../../api/types';
import type { ShippingSettingsPayload } from './shippingApi';

/** The settings as the screen edits them: every number as typed. */
export interface BandDraft {
  key: string;
  /** "" with anyWeight: the last band, for any weight. */
  upToKg: string;
  anyWeight: boolean;
  amount: string;
}

export interface MethodDraft {
  key: string;
  code: string;
  name: { en: string; ru: string; zh: string };
  deliveryDays: string;
  bands: BandDraft[];
  /** "" : never free. */
  freeOver: string;
}

export interface ZoneDraft {
  key: string;
  id: string;
  name: string;
  /** ISO codes as typed ("US, CA"); empty with restOfWorld. */
  countries: string;
  restOfWorld: boolean;
  methods: MethodDraft[];
}

export interface ShippingDraft {
  homeCountry: string;
  zones: ZoneDraft[];
}

let seq = 0;
const key = (p: string) => `${p}-${++seq}`;

export const newBand = (anyWeight = false): BandDraft => ({ key: key('band'), upToKg: '', anyWeight, amount: '' });

export const newMethod = (): MethodDraft => ({
  key: key('method'),
  code: '',
  name: { en: '', ru: '', zh: '' },
  deliveryDays: '',
  bands: [newBand(true)],
  freeOver: '',
});

export const newZone = (): ZoneDraft => ({ key: key('zone'), id: '', name: '', countries: '', restOfWorld: false, methods: [newMethod()] });

const money = (n: number) => n.toFixed(2);

/** The server's settings as a draft. */
export function fromSettings(s: ShippingSettings): ShippingDraft {
  return {
    homeCountry: s.homeCountry,
    zones: s.zones.map((z) => ({
      key: key('zone'),
      id: z.id,
      name: z.name,
      countries: z.countries.join(', '),
      restOfWorld: z.countries.length === 0,
      methods: z.methods.map((m) => ({
        key: key('method'),
        code: m.code,
        name: { en: m.name?.en ?? '', ru: m.name?.ru ?? '', zh: m.name?.zh ?? '' },
        deliveryDays: m.deliveryDays,
        bands: m.rates.map((r) => ({ key: key('band'), upToKg: r.upToKg == null ? '' : String(r.upToKg), anyWeight: r.upToKg == null, amount: money(r.amount) })),
        freeOver: m.freeOver == null ? '' : money(m.freeOver),
      })),
    })),
  };
}

/** A typed number; NaN for text that is none (the server then names the field). */
const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s.trim()));

/** The request body; texts trimmed, empty names left out. */
export function toPayload(d: ShippingDraft): ShippingSettingsPayload {
  return {
    homeCountry: d.homeCountry,
    zones: d.zones.map((z) => ({
      id: z.id.trim(),
      name: z.name.trim(),
      countries: z.restOfWorld ? [] : z.countries.split(/[\s,;]+/).map((c) => c.trim().toUpperCase()).filter(Boolean),
      methods: z.methods.map((m) => ({
        code: m.code.trim(),
        name: Object.fromEntries(Object.entries(m.name).map(([l, v]) => [l, v.trim()]).filter(([, v]) => v)),
        deliveryDays: m.deliveryDays.trim(),
        rates: m.bands.map((b) => ({ upToKg: b.anyWeight ? null : num(b.upToKg), amount: num(b.amount) })),
        freeOver: m.freeOver.trim() === '' ? null : num(m.freeOver),
      })),
    })),
  };
}

const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;
const KG = /^\d{1,6}(\.\d{1,3})?$/;

/** The screen's own rules (the server checks the rest): amounts and weights as numbers. Keys are the API's paths. */
export function shippingRules(d: ShippingDraft): Record<string, string> {
  const out: Record<string, string> = {};
  d.zones.forEach((z, i) =>
    z.methods.forEach((m, j) => {
      const p = `zones.${i}.methods.${j}`;
      m.bands.forEach((b, k) => {
        if (!AMOUNT.test(b.amount.trim())) out[`${p}.rates.${k}.amount`] = 'amountInvalid';
        if (!b.anyWeight && !KG.test(b.upToKg.trim())) out[`${p}.rates.${k}.upToKg`] = 'weightInvalid';
      });
      if (m.freeOver.trim() && !AMOUNT.test(m.freeOver.trim())) out[`${p}.freeOver`] = 'amountInvalid';
    }),
  );
  return out;
}
