import { useState } from 'react';
import { Badge, Button, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api } from '../../../api/client';
import type { Booking } from '../../../api/wire.gen';
import { adminKeys } from '../../../api/queryKeys';
import { NativeSelect } from '../../../components/NativeSelect';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { resolveLocalized } from '../../../lib/localized';
import { failureText } from '../messages';
import { storeQuery } from '../../../api/store';
import { addDays, calendarRows, dayLists, daysFrom } from './bookingsModel';

const WEEKS = 4;
const bookingsKey = (from: string) => [...adminKeys.products, 'bookings', from] as const;

/** A booking's product name in the admin's language (the server names each booking). */
function useName() {
  const { i18n } = useTranslation();
  return (b: Booking) => resolveLocalized(b.productNameLocalized, i18n.language, b.productName);
}

/**
 * /admin/bookings (issue 46): the next weeks' calendar per product and unit (units taken per
 * day), the day's collections and returns, and every booking with its way out and back: check
 * out, check in with fees (kept from the deposit), or cancel.
 */
export function BookingsView() {
  const { t } = useTranslation('admin');
  // Today is the shop's date in its time zone, from the server (GET /api/shop), never the
  // browser's clock: at 23:30 UTC a shop in Chicago is still on the day before.
  const shop = useQuery({ ...storeQuery(), staleTime: 0 });
  const today = shop.data?.today ?? '';
  const [picked, setFrom] = useState('');
  const from = picked || today;
  const days = from ? daysFrom(from, WEEKS * 7) : [];
  const to = days[days.length - 1] ?? '';
  const list = useQuery({
    queryKey: bookingsKey(from),
    queryFn: ({ signal }) => api.get<Booking[]>('/admin/bookings', { signal, query: { from, to } }),
    enabled: !!from,
  });
  const name = useName();
  const bookings = list.data ?? [];
  const rows = calendarRows(bookings, days, name);
  const { collections, returns } = dayLists(bookings, today);
  return (
    <Flex direction="column" gap="4">
      <Flex justify="between" align="center" gap="2" wrap="wrap">
        <Heading as="h2" size="6">
          {t('bookings.title')}
        </Heading>
        <Flex gap="2">
          <Button variant="soft" onClick={() => setFrom(addDays(from, -7))} disabled={!from}>
            {t('bookings.earlier')}
          </Button>
          <Button variant="soft" onClick={() => setFrom(today)} disabled={from === today}>
            {t('bookings.today')}
          </Button>
          <Button variant="soft" onClick={() => setFrom(addDays(from, 7))} disabled={!from}>
            {t('bookings.later')}
          </Button>
        </Flex>
      </Flex>
      {(list.isError || shop.isError) && <Text color="red">{t('bookings.loadError')}</Text>}
      <Card size="2">
        <Heading as="h3" size="3" mb="2">
          {t('bookings.calendar', { from, to })}
        </Heading>
        {rows.length === 0 ? (
          <Text color="gray">{t('bookings.none')}</Text>
        ) : (
          <div className="bookings-calendar" role="region" aria-label={t('bookings.calendar', { from, to })} tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('bookings.product')}</th>
                  {days.map((d) => (
                    <th key={d} scope="col" className={d === today ? 'is-today' : undefined}>
                      {d.slice(8)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.key}>
                    <th scope="row">{r.name}</th>
                    {r.taken.map((n, i) => (
                      <td key={days[i]} className={n > 0 ? 'is-taken' : undefined} title={`${days[i]}: ${n}`}>
                        {n > 0 ? n : ''}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <BookingList title={t('bookings.collections')} list={collections} name={name} from={from} />
      <BookingList title={t('bookings.returns')} list={returns} name={name} from={from} />
      <BookingList title={t('bookings.all')} list={bookings.filter((b) => !b.kitBookingId)} name={name} from={from} />
    </Flex>
  );
}

interface ListProps {
  title: string;
  list: Booking[];
  name: (b: Booking) => string;
  from: string;
}

function BookingList({ title, list, name, from }: ListProps) {
  const { t } = useTranslation('admin');
  return (
    <Card size="2">
      <Heading as="h3" size="3" mb="2">
        {title} ({list.length})
      </Heading>
      {list.length === 0 ? (
        <Text color="gray">{t('bookings.none')}</Text>
      ) : (
        <Flex direction="column" gap="3">
          {list.map((b) => (
            <BookingRow key={b.id} booking={b} name={name(b)} from={from} />
          ))}
        </Flex>
      )}
    </Card>
  );
}

const STATUS_COLOR = { reserved: 'blue', out: 'orange', returned: 'green', cancelled: 'gray' } as const;

/** One booking: what, when, for which order, and the moves it can make. */
function BookingRow({ booking: b, name, from }: { booking: Booking; name: string; from: string }) {
  const { t } = useTranslation('admin');
  const toast = useToastApi();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<'cleaning' | 'damage' | 'late' | ''>('');
  const [amount, setAmount] = useState('');
  const move = useMutation({
    mutationFn: (status: Booking['status']) =>
      api.put<Booking>(`/admin/bookings/${encodeURIComponent(b.id)}`, {
        status,
        ...(status === 'returned' && kind ? { fees: [{ kind, amount: amount.trim() ? Number(amount) : undefined, note: '' }] } : {}),
      }),
    onSuccess: async () => {
      toast.success(t('bookings.saved'));
      await queryClient.invalidateQueries({ queryKey: bookingsKey(from) });
    },
    onError: (error) => toast.error(failureText(t, error, 'bookings.saveError'), TOAST_LONG),
  });
  return (
    <Flex direction="column" gap="2" className="booking-row" data-testid="booking">
      <Flex justify="between" gap="2" wrap="wrap">
        <Text weight="medium">
          {b.quantity} × {name}
        </Text>
        <Badge color={STATUS_COLOR[b.status]}>{t(`bookings.status.${b.status}`)}</Badge>
      </Flex>
      <Text size="2" color="gray">
        {t('bookings.dates', { start: b.start, end: b.end })} · <Link to={`/admin/orders/${b.orderId}`}>{t('bookings.order')}</Link>
        {b.fees.length > 0 && ` · ${b.fees.map((f) => `${t(`bookings.fee.${f.kind}`)} $${f.amount.toFixed(2)}`).join(', ')}`}
      </Text>
      {b.settlement && (
        <Text size="2" data-testid="booking-settlement">
          {t('bookings.settlement', {
            deposit: `$${b.settlement.deposit.toFixed(2)}`,
            kept: `$${b.settlement.kept.toFixed(2)}`,
            refund: `$${b.settlement.refund.toFixed(2)}`,
            owed: `$${b.settlement.owed.toFixed(2)}`,
          })}
        </Text>
      )}
      <Flex gap="2" wrap="wrap" align="end">
        {b.status === 'reserved' && (
          <Button size="2" onClick={() => move.mutate('out')} loading={move.isPending}>
            {t('bookings.checkOut')}
          </Button>
        )}
        {b.status === 'out' && (
          <>
            <NativeSelect aria-label={t('bookings.feeKind')} value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
              <option value="">{t('bookings.noFee')}</option>
              <option value="cleaning">{t('bookings.fee.cleaning')}</option>
              <option value="damage">{t('bookings.fee.damage')}</option>
              <option value="late">{t('bookings.fee.late')}</option>
            </NativeSelect>
            {kind && (
              <TextField.Root aria-label={t('bookings.feeAmount')} placeholder={kind === 'late' ? t('bookings.lateDefault') : '0.00'} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} style={{ width: '9rem' }}>
                <TextField.Slot>$</TextField.Slot>
              </TextField.Root>
            )}
            <Button size="2" onClick={() => move.mutate('returned')} loading={move.isPending}>
              {t('bookings.checkIn')}
            </Button>
          </>
        )}
        {b.status === 'reserved' && (
          <Button size="2" variant="soft" color="red" onClick={() => move.mutate('cancelled')} disabled={move.isPending}>
            {t('bookings.cancel')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
