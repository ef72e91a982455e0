import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ShippingMethod, ShippingMethods } from '../../api/types';
import { usePrice } from '../../lib/format';
import { resolveLocalized } from '../../lib/localized';
import { deliveryText } from '../../lib/deliveryText';
import { RecordPage } from '../pages/RecordPage';
import { InfoSections, useInfoLanguage, type InfoSection } from './InfoArticle';
import { shippingPageQuery } from '../../api/shipping';
import { ShippingZones } from './ShippingZones';

/**
 * The shipping rates from the server (what checkout charges), under the `info` texts' headings:
 * every zone's methods with their weight bands; for a server without zones, each method's price.
 */
function ShippingRates() {
  const { t } = useTranslation('common');
  const { t: ti } = useTranslation('info');
  const lng = useInfoLanguage();
  const price = usePrice();
  const { data, isPending } = useQuery(shippingPageQuery());
  const sections = (ti('shipping.sections', { returnObjects: true }) as InfoSection[]).slice(0, 2);
  if (!Array.isArray(sections)) return null;
  // Every zone with all its weight bands, as the owner set them (a server without zones: the methods).
  if (data?.zones?.length) {
    return (
      <div lang={lng} className="shipping-rates">
        <ShippingZones zones={data.zones} homeCountry={data.homeCountry} sections={sections} lng={lng} />
      </div>
    );
  }
  const rows = (rules: ShippingMethods, region: ShippingMethod['region']) =>
    rules.methods
      .filter((m) => m.region === region)
      .map((m) => [resolveLocalized(m.name, lng), deliveryText(t, m.deliveryDays, lng), price(m.amount)]);
  const live = (s: InfoSection, i: number): InfoSection => {
    if (!s.table) return s;
    // Until the server answers, no figures: an admin may have changed them (the defaults stay
    // only for a server that does not answer).
    if (isPending) return { ...s, table: { ...s.table, rows: s.table.rows.map(([name, time]) => [name, time, '']) }, note: i === 0 ? undefined : s.note };
    if (!data) return s;
    const region = i === 0 ? 'domestic' : 'international';
    const threshold = data.freeShippingThreshold;
    const note = i === 0 ? (threshold > 0 ? t('shipping.freeOver', { lng, amount: price(threshold) }) : undefined) : s.note;
    return { ...s, table: { ...s.table, rows: rows(data, region) }, note };
  };
  return (
    <div lang={lng} className="shipping-rates">
      <InfoSections sections={sections.map(live)} />
    </div>
  );
}

/** The shipping page: its text from the page the owner keeps in /admin/pages, its rates from the server. */
export default function ShippingPage() {
  return (
    <RecordPage slug="shipping">
      <ShippingRates />
    </RecordPage>
  );
}
