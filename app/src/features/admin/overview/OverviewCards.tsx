import type { ReactNode } from 'react';
import { Card, Grid, Link as RadixLink, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePrice } from '../../../lib/format';
import type { Overview } from '../../../api/types';
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

/** The headline figures as cards: revenue windows, average order, contact requests and e-mails. */
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
