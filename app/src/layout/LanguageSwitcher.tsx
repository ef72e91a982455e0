import { useState } from 'react';
import { Button } from '@radix-ui/themes';
import { CheckIcon, GlobeIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, normalizeLanguage } from '../i18n/languages';
import { DeferredPopover } from '../components/DeferredPopover';

/** Language menu with native names; the current one is marked. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const [open, setOpen] = useState(false);
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
            <button
              type="button"
              className="lang-option"
              lang={lng}
              aria-current={lng === current}
              onClick={() => {
                setOpen(false);
                void i18n.changeLanguage(lng);
              }}
            >
              {LANGUAGE_NAMES[lng]}
              {lng === current && <CheckIcon aria-hidden="true" />}
            </button>
          </li>
        ))}
      </ul>
    </DeferredPopover>
  );
}
