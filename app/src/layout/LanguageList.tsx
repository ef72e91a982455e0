import { CheckIcon } from '@radix-ui/react-icons';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '../i18n/languages';

interface Props {
  current: Language;
  hrefOf: (lng: Language) => string;
  onPick: (lng: Language) => void;
}

/** The language menu's list, loaded with the popover (out of the home's start-up code). */
export default function LanguageList({ current, hrefOf, onPick }: Props) {
  return (
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
              onPick(lng);
            }}
          >
            {LANGUAGE_NAMES[lng]}
            {lng === current && <CheckIcon aria-hidden="true" />}
          </a>
        </li>
      ))}
    </ul>
  );
}
