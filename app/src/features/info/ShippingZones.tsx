import { Box, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { ShippingZone, ZoneMethod } from '../../api/types';
import { countryName } from '../../lib/countries';
import { usePrice } from '../../lib/format';
import { resolveLocalized } from '../../lib/localized';
import { deliveryText } from '../../lib/deliveryText';
import type { InfoSection } from './InfoArticle';
import { TableRoot } from '../../components/TableRoot';

interface ZonesProps {
  zones: ShippingZone[];
  homeCountry: string;
  /** The page's two translated sections (domestic, international): their headings, columns and notes. */
  sections: InfoSection[];
  lng: string;
}

/**
 * Every zone the owner set in /admin/settings/shipping, with each method's delivery time, every
 * weight band with its price (a band's bound included, as checkout charges) and its free-shipping
 * amount: what checkout will charge, in the reader's language.
 */
export function ShippingZones({ zones, homeCountry, sections, lng }: ZonesProps) {
  const { t } = useTranslation('common');
  const [domestic, international] = sections;
  return (
    <Flex direction="column" gap="4">
      {zones.map((zone) => {
        const home = zone.countries.includes(homeCountry);
        const world = zone.countries.length === 0;
        const heading = (home ? domestic?.heading : world ? international?.heading : '') || zone.name;
        const countries = zone.countries.map((c) => countryName(c, lng)).join(', ');
        return (
          <Card key={zone.id} size="3" asChild>
            <section data-testid={`shipping-zone-${zone.id}`}>
              <Heading as="h2" size="5" mb="2">
                {heading}
              </Heading>
              {!home && countries && (
                <Text as="p" size="2" color="gray" mb="3">
                  {t('shipping.zoneCountries', { lng, countries })}
                </Text>
              )}
              <Flex direction="column" gap="4" mt="3">
                {zone.methods.map((m) => (
                  <MethodRates key={m.code} method={m} lng={lng} cost={domestic?.table?.columns[2] ?? ''} />
                ))}
              </Flex>
              {world && international?.note && (
                <Text as="p" size="2" color="gray" mt="3">
                  {international.note}
                </Text>
              )}
            </section>
          </Card>
        );
      })}
    </Flex>
  );
}

/** A method's name and delivery time, its price per weight band, and when it is free. */
function MethodRates({ method, lng, cost }: { method: ZoneMethod; lng: string; cost: string }) {
  const { t } = useTranslation('common');
  const price = usePrice();
  const name = resolveLocalized(method.name, lng, method.code);
  const time = deliveryText(t, method.deliveryDays, lng);
  return (
    <Box>
      <Heading as="h3" size="3">
        {name}
      </Heading>
      {time && (
        <Text as="p" size="2" color="gray">
          {time}
        </Text>
      )}
      <Box my="2">
        <TableRoot variant="surface" size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t('shipping.weight', { lng })}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{cost}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {bands(method, t, lng, price).map(([weight, amount]) => (
              <Table.Row key={weight}>
                <Table.RowHeaderCell>{weight}</Table.RowHeaderCell>
                <Table.Cell>{amount}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </TableRoot>
      </Box>
      {method.freeOver != null && (
        <Text as="p" size="2">
          {t('shipping.freeMethodOver', { lng, method: name, methodInText: inText(name), amount: price(method.freeOver) })}
        </Text>
      )}
    </Box>
  );
}

/** A method's name inside an English sentence: "Standard" reads "standard", "UPS Ground" stays. */
function inText(name: string): string {
  const first = name.split(' ')[0];
  return first.length > 1 && first.slice(1) === first.slice(1).toLowerCase() ? name.charAt(0).toLowerCase() + name.slice(1) : name;
}

type T = ReturnType<typeof useTranslation>['t'];

/** Each band as [weight range, price]; above a last band with a bound, freight quoted separately. */
function bands(method: ZoneMethod, t: T, lng: string, price: (v: number) => string): [string, string][] {
  const kg = (v: number) => new Intl.NumberFormat(lng, { maximumFractionDigits: 3 }).format(v);
  const out: [string, string][] = [];
  let from: number | null = null;
  for (const r of method.rates) {
    let weight: string;
    if (r.upToKg == null) weight = from == null ? t('shipping.anyWeight', { lng }) : t('shipping.overKg', { lng, kg: kg(from) });
    else weight = from == null ? t('shipping.upToKg', { lng, kg: kg(r.upToKg) }) : t('shipping.rangeKg', { lng, from: kg(from), to: kg(r.upToKg) });
    out.push([weight, price(r.amount)]);
    if (r.upToKg == null) return out;
    from = r.upToKg;
  }
  if (from != null) out.push([t('shipping.overKg', { lng, kg: kg(from) }), t('shipping.quoted', { lng })]);
  return out;
}
