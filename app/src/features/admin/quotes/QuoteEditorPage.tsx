import { useState } from 'react';
import { Box, Button, Card, DataList, Flex, Grid, Heading, IconButton, Link, Spinner, Text, TextField } from '@radix-ui/themes';
import { ArrowLeftIcon, PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { Quote } from '../../../api/types';
import { ErrorCallout } from '../../../components/ErrorCallout';
import { NativeSelect } from '../../../components/NativeSelect';
import { TOAST_SHORT, useToast } from '../../../components/Toast';
import { errorText } from '../../../i18n/errors';
import { formatDate, usePrice } from '../../../lib/format';
import { serverFieldErrors } from '../../../lib/form';
import { lineName } from '../../../lib/variants';
import { QuoteDocumentLink, QuoteFigures, QuoteStatusBadge } from '../../quotes/QuoteParts';
import { describedBy, Field } from '../components/Field';
import { LoadError } from '../components/LoadError';
import { adminQuoteQuery, useSaveQuote, useSendQuote } from './api';
import {
  changeText,
  draftLineTotal,
  draftOf,
  draftProblems,
  isDirty,
  presetService,
  SERVICE_PRESETS,
  TAX_CLASSES,
  updateBody,
  type DraftService,
  type QuoteDraft,
  type ServiceKind,
} from './editorModel';

const SERVICE_KINDS = Object.keys(SERVICE_PRESETS) as ServiceKind[];

/** An amount or count input of the editor, labelled, with its error. */
function NumberInput({ id, label, value, onChange, error, inputMode = 'decimal' }: { id: string; label: string; value: string; onChange: (v: string) => void; error?: string; inputMode?: 'decimal' | 'numeric' }) {
  return (
    <Field id={id} label={label} error={error}>
      <TextField.Root id={id} value={value} inputMode={inputMode} onChange={(e) => onChange(e.target.value)} {...describedBy(id, error)} />
    </Field>
  );
}

/** The quote's history, newest first: each status step, and each revision with what it changed. */
function History({ quote }: { quote: Quote }) {
  const { t, i18n } = useTranslation('admin');
  const price = usePrice();
  const date = (iso: string) => formatDate(iso, i18n.language);
  return (
    <Card>
      <Heading as="h3" size="4" mb="3">
        {t('quotes.history')}
      </Heading>
      <Flex direction="column" gap="3" asChild>
        <ol className="plain-list" data-testid="quote-history">
          {[...quote.history].reverse().map((h, i) => (
            <li key={i}>
              <Text as="p" size="2" weight="medium">
                {h.changes?.length ? t('quotes.historySaved', { revision: h.revision, by: t(`quotes.by.${h.by}`) }) : t('quotes.historyStep', { revision: h.revision, status: t(`common:quoteStatus.${h.status}`, h.status), by: t(`quotes.by.${h.by}`) })}
                <Text color="gray" weight="regular">
                  {' · '}
                  {formatDate(h.at, i18n.language, true)}
                </Text>
              </Text>
              {h.message && (
                <Text as="p" size="2" color="gray">
                  {h.message}
                </Text>
              )}
              {h.changes && h.changes.length > 0 && (
                <ul className="quote-changes">
                  {h.changes.map((c, j) => {
                    const { key, values } = changeText(c, i18n.language, price, date);
                    return (
                      <li key={j}>
                        <Text size="2">{t(`quotes.changes.${key}`, values)}</Text>
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          ))}
        </ol>
      </Flex>
    </Card>
  );
}

/** The editor of a quote's next revision: quantities, prices, services, shipping, validity; Save, then Send. */
function Editor({ quote }: { quote: Quote }) {
  const { t, i18n } = useTranslation('admin');
  const price = usePrice();
  const toast = useToast();
  const [draft, setDraft] = useState<QuoteDraft>(() => draftOf(quote));
  const [seen, setSeen] = useState(quote);
  const [submitted, setSubmitted] = useState(false);
  // A new answer (a save, a send) starts the draft over from it.
  if (seen !== quote) {
    setSeen(quote);
    setDraft(draftOf(quote));
    setSubmitted(false);
  }
  const save = useSaveQuote(quote.id);
  const send = useSendQuote(quote.id);
  const open = quote.status === 'requested' || quote.status === 'sent';
  const dirty = isDirty(draft, quote);
  const problems = draftProblems(draft);
  const server = serverFieldErrors(save.error ?? send.error);
  const err = (path: string) => server[path] ?? (submitted && problems[path] ? t(`quotes.validation.${problems[path]}`) : undefined);
  const failure = save.error || send.error ? errorText(t, save.error ?? send.error, 'admin:quotes.saveFailed') : '';

  const patch = (p: Partial<QuoteDraft>) => setDraft((d) => ({ ...d, ...p }));
  const setLine = (i: number, p: Partial<QuoteDraft['lines'][number]>) => patch({ lines: draft.lines.map((l, j) => (j === i ? { ...l, ...p } : l)) });
  const setService = (i: number, p: Partial<DraftService>) => patch({ serviceLines: draft.serviceLines.map((s, j) => (j === i ? { ...s, ...p } : s)) });

  const onSave = () => {
    setSubmitted(true);
    send.reset();
    if (Object.keys(problems).length) return;
    save.mutate(updateBody(draft), { onSuccess: (q) => toast({ kind: 'success', message: t('quotes.saved', { revision: q.revision }), duration: TOAST_SHORT }) });
  };
  const onSend = () => {
    save.reset();
    send.mutate(undefined, { onSuccess: () => toast({ kind: 'success', message: t('quotes.sentToast', { email: quote.customerEmail }), duration: TOAST_SHORT }) });
  };

  return (
    <Flex direction="column" gap="4">
      <Card>
        <Heading as="h3" size="4" mb="3">
          {t('quotes.lines')}
        </Heading>
        {err('lines') && (
          <Text as="p" color="red" size="2" role="alert" mb="2">
            {err('lines')}
          </Text>
        )}
        <Flex direction="column" gap="3" asChild>
          <ul className="plain-list">
            {draft.lines.map((l, i) => {
              const line = quote.lines.find((x) => x.variantId === l.variantId && (x.hire?.start ?? '') === (l.hire?.start ?? ''));
              const name = line ? lineName(line.productName, line.variantLabel, i18n.language) : l.productId;
              const total = draftLineTotal(l);
              return (
                <li key={`${l.variantId}-${l.hire?.start ?? ''}`} data-testid="editor-line">
                  <Flex justify="between" gap="2" align="start">
                    <Box minWidth="0">
                      <Text as="p" weight="medium">
                        {name}
                      </Text>
                      <Text as="p" size="1" color="gray">
                        {line ? t('quotes.listPrice', { price: price(line.listPrice) }) : ''}
                        {l.hire ? ` · ${l.hire.start} – ${l.hire.end}` : ''}
                      </Text>
                    </Box>
                    {open && (
                      <IconButton variant="ghost" color="red" aria-label={t('quotes.removeLine', { name })} onClick={() => patch({ lines: draft.lines.filter((_, j) => j !== i) })}>
                        <TrashIcon />
                      </IconButton>
                    )}
                  </Flex>
                  <Grid columns={{ initial: '2', sm: '3' }} gap="3" mt="2" align="end">
                    <NumberInput id={`line-${i}-qty`} label={t('quotes.quantity')} inputMode="numeric" value={l.quantity} onChange={(v) => setLine(i, { quantity: v })} error={err(`lines.${i}.quantity`)} />
                    <NumberInput id={`line-${i}-price`} label={t('quotes.unitPrice')} value={l.unitPrice} onChange={(v) => setLine(i, { unitPrice: v })} error={err(`lines.${i}.unitPrice`)} />
                    <Text as="p" weight="bold" align="right" data-testid="editor-line-total">
                      {total === null ? '—' : price(total)}
                    </Text>
                  </Grid>
                </li>
              );
            })}
          </ul>
        </Flex>
      </Card>
      <Card>
        <Heading as="h3" size="4" mb="3">
          {t('quotes.services')}
        </Heading>
        <Flex direction="column" gap="3" asChild>
          <ul className="plain-list">
            {draft.serviceLines.map((s, i) => (
              <li key={i} data-testid="editor-service">
                <Grid columns={{ initial: '1', sm: '3fr 2fr 2fr auto' }} gap="3" align="end">
                  <Field id={`service-${i}-name`} label={t('quotes.serviceName')} error={err(`serviceLines.${i}.name`)}>
                    <TextField.Root id={`service-${i}-name`} value={s.name} maxLength={200} onChange={(e) => setService(i, { name: e.target.value })} {...describedBy(`service-${i}-name`, err(`serviceLines.${i}.name`))} />
                  </Field>
                  <NumberInput id={`service-${i}-amount`} label={t('quotes.amount')} value={s.amount} onChange={(v) => setService(i, { amount: v })} error={err(`serviceLines.${i}.amount`)} />
                  <Field id={`service-${i}-tax`} label={t('quotes.taxClass')}>
                    <NativeSelect id={`service-${i}-tax`} value={s.taxClass} onChange={(e) => setService(i, { taxClass: e.target.value as DraftService['taxClass'] })}>
                      {TAX_CLASSES.map((c) => (
                        <option key={c} value={c}>
                          {t(`quotes.taxClasses.${c}`)}
                        </option>
                      ))}
                    </NativeSelect>
                  </Field>
                  <IconButton variant="ghost" color="red" aria-label={t('quotes.removeService', { name: s.name })} onClick={() => patch({ serviceLines: draft.serviceLines.filter((_, j) => j !== i) })}>
                    <TrashIcon />
                  </IconButton>
                </Grid>
              </li>
            ))}
          </ul>
        </Flex>
        {open && (
          <Flex gap="2" wrap="wrap" mt="3">
            {SERVICE_KINDS.map((k) => (
              <Button key={k} size="2" variant="soft" onClick={() => patch({ serviceLines: [...draft.serviceLines, presetService(k)] })} data-testid={`add-service-${k}`}>
                <PlusIcon /> {t(`quotes.addService.${k}`)}
              </Button>
            ))}
          </Flex>
        )}
      </Card>
      <Card>
        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          <NumberInput id="quote-shipping" label={t('quotes.shipping')} value={draft.shippingAmount} onChange={(v) => patch({ shippingAmount: v })} error={err('shippingAmount')} />
          <Field id="quote-valid-until" label={t('quotes.validUntil')} error={err('validUntil')} hint={t('quotes.validHint')}>
            <TextField.Root id="quote-valid-until" type="date" value={draft.validUntil} onChange={(e) => patch({ validUntil: e.target.value })} {...describedBy('quote-valid-until', err('validUntil'), t('quotes.validHint'))} />
          </Field>
        </Grid>
      </Card>
      <ErrorCallout message={failure} />
      {open && (
        <Flex gap="3" justify="end" wrap="wrap">
          <Button variant="soft" color="gray" disabled={!dirty || save.isPending} onClick={() => setDraft(draftOf(quote))}>
            {t('quotes.discard')}
          </Button>
          <Button onClick={onSave} loading={save.isPending} disabled={!dirty} data-testid="save-quote">
            {t('quotes.save', { revision: quote.revision + 1 })}
          </Button>
          <Button onClick={onSend} loading={send.isPending} disabled={dirty} data-testid="send-quote">
            {quote.status === 'sent' ? t('quotes.sendAgain') : t('quotes.send')}
          </Button>
        </Flex>
      )}
      {open && dirty && (
        <Text as="p" size="2" color="gray" align="right">
          {t('quotes.saveFirst')}
        </Text>
      )}
    </Flex>
  );
}

/** /admin/quotes/:quoteId: the customer's request, the editor of the next revision, the current figures and the history. */
export function QuoteEditorPage() {
  const { quoteId = '' } = useParams();
  const { t, i18n } = useTranslation('admin');
  const q = useQuery(adminQuoteQuery(quoteId));
  const quote = q.data;
  return (
    <Box>
      <Button asChild variant="ghost" mb="3">
        <RouterLink to="/admin/quotes">
          <ArrowLeftIcon /> {t('quotes.back')}
        </RouterLink>
      </Button>
      {q.isPending && (
        <Flex justify="center" py="8" role="status" aria-label={t('loading')}>
          <Spinner size="3" />
        </Flex>
      )}
      {q.isError && <LoadError message={errorText(t, q.error, 'admin:quotes.loadError')} onRetry={() => void q.refetch()} />}
      {quote && (
        <Flex direction="column" gap="4">
          <Flex justify="between" align="center" gap="3" wrap="wrap">
            <Heading as="h2" size="6" data-testid="quote-number">
              {t('quotes.heading', { number: quote.number, revision: quote.revision })}
            </Heading>
            <QuoteStatusBadge quote={quote} />
          </Flex>
          <Card>
            <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
              <DataList.Item>
                <DataList.Label minWidth="120px">{t('quotes.customer')}</DataList.Label>
                <DataList.Value className="fit-break">
                  {quote.customerName} · {quote.customerEmail}
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label minWidth="120px">{t('quotes.event')}</DataList.Label>
                <DataList.Value>{[quote.eventName, quote.eventDate, quote.venue].filter(Boolean).join(' · ') || '—'}</DataList.Value>
              </DataList.Item>
              {quote.message && (
                <DataList.Item>
                  <DataList.Label minWidth="120px">{t('quotes.message')}</DataList.Label>
                  <DataList.Value style={{ whiteSpace: 'pre-line' }}>{quote.message}</DataList.Value>
                </DataList.Item>
              )}
              <DataList.Item>
                <DataList.Label minWidth="120px">{t('quotes.deliverTo')}</DataList.Label>
                <DataList.Value>
                  {[quote.shippingInfo.address, quote.shippingInfo.city, quote.shippingInfo.state, quote.shippingInfo.zipCode, quote.shippingInfo.country].filter(Boolean).join(', ')}
                </DataList.Value>
              </DataList.Item>
              {quote.orderNumber && (
                <DataList.Item>
                  <DataList.Label minWidth="120px">{t('quotes.order')}</DataList.Label>
                  <DataList.Value>
                    <Link asChild>
                      <RouterLink to={`/admin/orders/${encodeURIComponent(quote.orderId)}`}>{quote.orderNumber}</RouterLink>
                    </Link>
                    {quote.poNumber ? ` · PO ${quote.poNumber}` : ''}
                  </DataList.Value>
                </DataList.Item>
              )}
              {quote.declineReason && (
                <DataList.Item>
                  <DataList.Label minWidth="120px">{t('quotes.declineReason')}</DataList.Label>
                  <DataList.Value>{quote.declineReason}</DataList.Value>
                </DataList.Item>
              )}
              {quote.validUntil && (
                <DataList.Item>
                  <DataList.Label minWidth="120px">{t('quotes.validUntil')}</DataList.Label>
                  <DataList.Value>{formatDate(quote.validUntil, i18n.language)}</DataList.Value>
                </DataList.Item>
              )}
            </DataList.Root>
          </Card>
          <Editor quote={quote} />
          <Card>
            <Flex justify="between" align="center" gap="3" wrap="wrap" mb="3">
              <Heading as="h3" size="4">
                {t('quotes.current', { revision: quote.revision })}
              </Heading>
              <QuoteDocumentLink quote={quote} />
            </Flex>
            <QuoteFigures quote={quote} />
          </Card>
          <History quote={quote} />
        </Flex>
      )}
    </Box>
  );
}
