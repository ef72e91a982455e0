import { useEffect, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Callout, Flex, IconButton } from '@radix-ui/themes';
import { Cross2Icon, InfoCircledIcon } from '@radix-ui/react-icons';
import type { MergeReport } from '../../api/types';
import { useCart } from './CartContext';
import { lineName } from '../../lib/variants';

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

// The sign-in screens hand over to the screen the shopper came for: the notice waits for it.
const SIGN_IN = /^\/(login|register)\b/;

/**
 * After a sign-in merged a guest cart, says what it did (added, capped at stock, dropped), in the
 * page above the screen's content: as a snackbar it lay 12 s over checkout's ZIP field and its
 * Continue button (issue 34). It stays while the shopper reads, until closed or until they leave
 * the screen they signed in for.
 */
export function MergeNotice() {
  const { mergeReport, clearMergeReport } = useCart();
  const { t, i18n } = useTranslation('common');
  const { pathname } = useLocation();
  const lines = mergeReport ? mergeMessages(mergeReport, t, i18n.language) : [];
  const shownOn = useRef<string | null>(null);
  const empty = lines.length === 0;
  useEffect(() => {
    if (!mergeReport) {
      shownOn.current = null;
    } else if (empty) {
      clearMergeReport();
    } else if (!SIGN_IN.test(pathname)) {
      if (shownOn.current === null) shownOn.current = pathname;
      else if (shownOn.current !== pathname) clearMergeReport();
    }
  }, [mergeReport, empty, pathname, clearMergeReport]);

  if (empty) return null;
  return (
    <Callout.Root color="indigo" variant="surface" role="status" className="page-notice" data-testid="merge-notice">
      <Flex align="start" gap="3">
        <Callout.Icon>
          <InfoCircledIcon />
        </Callout.Icon>
        <Callout.Text style={{ flexGrow: 1 }}>{lines.join(' ')}</Callout.Text>
        <IconButton size="1" variant="ghost" color="gray" aria-label={t('close', 'Close')} onClick={clearMergeReport}>
          <Cross2Icon />
        </IconButton>
      </Flex>
    </Callout.Root>
  );
}
