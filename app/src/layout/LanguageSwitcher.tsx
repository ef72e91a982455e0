import { useState } from 'react';
import { Button } from '@radix-ui/themes';
import { CheckIcon, GlobeIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, normalizeLanguage } from '../i18n/languages';
import { useLanguageSwitch } from '../i18n/LanguageRouter';
import { DeferredPopover } from '../components/DeferredPopover';

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
      content={{ align: 'end', size: '1', minWidth: '160px' }}
      trigger={
        <Button variant="ghost" color="gray" aria-label={t('language.label', { language: LANGUAGE_NAMES[current] })}>
          <GlobeIcon />
          <span className="lang-name">{LANGUAGE_NAMES[current]}</span>
        </Button>
      }
    >
      <ul className="plain-list">
        {LANGUAGES.map((lng) => (
          <li key={lng}>
            <a
              href={hrefOf(lng)}
              className="lang-option"
              lang={lng}
              hrefLang={lng}
              aria-current={lng === current}
              onClick={(e) => {
                e.preventDefault();
                setOpen(false);
                if (lng !== current) switchTo(lng);
              }}
            >
              {LANGUAGE_NAMES[lng]}
              {lng === current && <CheckIcon aria-hidden="true" />}
            </a>
          </li>
        ))}
      </ul>
    </DeferredPopover>
  );
}
