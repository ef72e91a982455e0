import type { ReactNode } from 'react';
import { Card, Grid, Link as RadixLink, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePrice } from '../../../lib/format';
import type { Overview } from '../../../api/types';
import { useAuth } from '../../../auth/AuthContext';
import { mayOpen } from '../screens';
import './overview.css';

/** A headline figure; a value in words (not one amount) is set smaller, so that it stays on one line in Russian too. */
function Figure({ label, value, hint, words = false }: { label: string; value: ReactNode; hint?: ReactNode; words?: boolean }) {
  return (
    <Card asChild>
      <li>
        <Text as="p" size="2" color="gray">
          {label}
        </Text>
        <Text as="p" size={words ? '4' : '6'} weight="bold" mt="1" className="figure-value">
          {value}
        </Text>
        {hint && (
          // Grey by class, not color="gray": that sets the grey accent, and the links in a hint
          // lost the theme's link colour. The links are underlined: colour alone does not set
          // them apart from the text around them (axe link-in-text-block).
          <Text as="p" size="1" mt="1" className="overview-hint">
            {hint}
          </Text>
        )}
      </li>
    </Card>
  );
}

/** A link in a card's hint, to a screen the role may open (plain text otherwise). */
function HintLink({ to, children }: { to: string; children: ReactNode }) {
  const { can } = useAuth();
  if (!mayOpen(to.split('?')[0], can)) return <>{children}</>;
  return (
    <RadixLink asChild size="1" underline="always">
      <Link to={to}>{children}</Link>
    </RadixLink>
  );
}

/**
 * The quotes (issue 47): the value of those sent and awaiting the customer's answer, with how many
 * and how many requests wait for prices; the value accepted in the period. A quote is no revenue
 * until accepted (then its order counts as any other).
 */
function QuoteFigures({ overview: o }: { overview: Overview }) {
  const { t } = useTranslation('admin');
  const price = usePrice();
  const q = o.quotes;
  return (
    <>
      <Figure
        label={t('overview.quotesOpen')}
        value={price(q.openValue)}
        hint={
          <>
            <HintLink to="/admin/quotes?status=sent">{t('overview.quotesSent', { count: q.open })}</HintLink>
            {' · '}
            <HintLink to="/admin/quotes?status=requested">{t('overview.quotesRequested', { count: q.requested })}</HintLink>
          </>
        }
      />
      <Figure label={t('overview.quotesAccepted', { count: o.days })} value={price(q.acceptedValue)} hint={t('overview.quotesAcceptedCount', { count: q.accepted })} />
    </>
  );
}

/** The headline figures as cards: revenue windows, average order, payments awaited, quotes, contact requests and e-mails. */
export function OverviewCards({ overview: o }: { overview: Overview }) {
  const { t } = useTranslation('admin');
  const price = usePrice();
  return (
    <Grid asChild columns={{ initial: '1', xs: '2', md: '3' }} gap="3">
      <ul className="plain-list" aria-label={t('overview.figures')}>
        <Figure
          label={t('overview.revenueToday')}
          value={price(o.revenue.today)}
          hint={`${t('overview.inclTax', { amount: price(o.tax.today) })} · ${t('overview.utcNote')}`}
        />
        <Figure label={t('overview.revenue7')} value={price(o.revenue.last7Days)} hint={t('overview.inclTax', { amount: price(o.tax.last7Days) })} />
        <Figure label={t('overview.revenue30')} value={price(o.revenue.last30Days)} hint={t('overview.inclTax', { amount: price(o.tax.last30Days) })} />
        <Figure
          label={t('overview.averageOrder', { count: o.days })}
          value={price(o.averageOrderValue)}
          hint={t('overview.periodOrders', { count: o.periodOrders })}
        />
        <Figure
          label={t('payments.awaitingFigure')}
          value={price(o.awaiting.amount)}
          hint={
            <RadixLink asChild size="1" underline="always">
              <Link to="/admin/orders">{t('payments.awaitingOrders', { count: o.awaiting.orders })}</Link>
            </RadixLink>
          }
        />
        {o.quotes && <QuoteFigures overview={o} />}
        <Figure
          label={t('overview.newContactRequests')}
          value={o.newContactRequests}
          hint={
            <RadixLink asChild size="1" underline="always">
              <Link to="/admin/contact-requests">{t('overview.openContact')}</Link>
            </RadixLink>
          }
        />
        <Figure
          label={t('overview.emails')}
          value={t('overview.emailCounts', { queued: o.queuedEmails, failed: o.failedEmails })}
          words
          hint={
            <>
              {t('overview.emailsHint')}{' '}
              <RadixLink asChild size="1" underline="always">
                <Link to="/admin/emails">{t('overview.openEmails')}</Link>
              </RadixLink>
            </>
          }
        />
      </ul>
    </Grid>
  );
}
