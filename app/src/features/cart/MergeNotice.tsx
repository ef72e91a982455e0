import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { MergeReport } from '../../api/types';
import { useToast } from '../../components/Toast';
import { useCart } from './CartContext';
import { lineName } from '../../lib/variants';

/** Long enough to read a few sentences. */
const MERGE_NOTICE_MS = 12_000;

/** The sentences that tell a shopper what happened to the guest cart; none when nothing did. */
function mergeMessages(report: MergeReport, t: TFunction, lang: string): string[] {
  const out: string[] = [];
  if (report.addedUnits > 0) out.push(t('merge.added', { count: report.addedUnits }));
  for (const c of report.capped) {
    out.push(t('merge.capped', { name: lineName(c.productName, c.variantLabelLocalized, lang), count: c.kept }));
  }
  for (const d of report.dropped) {
    const name = lineName(d.productName, d.variantLabelLocalized, lang);
    out.push(d.reason === 'inactive' ? t('merge.inactive', { name }) : t('merge.soldOut', { name }));
  }
  return out;
}

/** After a sign-in merged a guest cart, says what it did (added, capped at stock, dropped). */
export function MergeNotice() {
  const { mergeReport, clearMergeReport } = useCart();
  const { t, i18n } = useTranslation('common');
  const toast = useToast();
  useEffect(() => {
    if (!mergeReport) return;
    const lines = mergeMessages(mergeReport, t, i18n.language);
    if (lines.length > 0) toast({ message: lines.join(' '), kind: 'info', duration: MERGE_NOTICE_MS });
    clearMergeReport();
  }, [mergeReport, clearMergeReport, t, i18n.language, toast]);
  return null;
}
