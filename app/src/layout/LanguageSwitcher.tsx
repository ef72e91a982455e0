import { useState } from 'react';
import { Button } from '@radix-ui/themes';
import { GlobeIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, normalizeLanguage } from '../i18n/languages';
import { useLanguageSwitch } from '../i18n/LanguageRouter';
import { DeferredPopover } from '../components/DeferredPopover';
import { lazyWithPreload } from '../lib/lazyWithPreload';

// The list loads with the popover: it is not needed before the menu opens.
const LanguageList = lazyWithPreload(() => import('./LanguageList'));

/**
 * Language menu with native names; the current one is marked. Each is a link to this page in
 * that language (`/ru/...`), which the app opens in place as a new history entry.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const { switchTo, hrefOf } = useLanguageSwitch();
  const current = normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? 'en';
  return (
    <DeferredPopover
      open={open}
      onOpenChange={setOpen}
      onPreload={() => void LanguageList.preload()}
      content={{ align: 'end', size: '1', minWidth: '160px' }}
      trigger={
        <Button variant="ghost" color="gray" aria-label={t('language.label', { language: LANGUAGE_NAMES[current] })}>
          <GlobeIcon />
          <span className="lang-name">{LANGUAGE_NAMES[current]}</span>
        </Button>
      }
    >
      <LanguageList
        current={current}
        hrefOf={hrefOf}
        onPick={(lng) => {
          setOpen(false);
          if (lng !== current) switchTo(lng);
        }}
      />
    </DeferredPopover>
  );
}
