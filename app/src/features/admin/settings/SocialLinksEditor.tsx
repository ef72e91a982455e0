import { Button, Flex, IconButton, Text, TextField } from '@radix-ui/themes';
import { PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import type { SocialLink } from '../../../api/types';
import type { Problems } from '../../../lib/form';
import { describedBy } from '../components/Field';
import { SOCIAL_KINDS } from './storeForm';

interface Props {
  links: SocialLink[];
  onChange: (links: SocialLink[]) => void;
  errors: Problems;
}

const MAX_LINKS = 10;

/** The shop's pages elsewhere (footer, structured data): a network and an address per row. */
export function SocialLinksEditor({ links, onChange, errors }: Props) {
  const { t } = useTranslation('admin');
  const update = (i: number, patch: Partial<SocialLink>) => onChange(links.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <Flex direction="column" gap="3">
      {links.length === 0 && (
        <Text size="2" color="gray">
          {t('settings.store.noSocial')}
        </Text>
      )}
      {links.map((link, i) => {
        const error = errors[`social.${i}.url`] ?? errors[`social.${i}.kind`];
        return (
          <Flex key={i} gap="2" align="start" wrap="wrap" className="social-row">
            <label className="visually-hidden" htmlFor={`social-kind-${i}`}>
              {t('settings.store.socialKind', { n: i + 1 })}
            </label>
            <select id={`social-kind-${i}`} className="native-select" value={link.kind} onChange={(e) => update(i, { kind: e.target.value as SocialLink['kind'] })}>
              {SOCIAL_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`settings.social.${k}`)}
                </option>
              ))}
            </select>
            <Flex direction="column" flexGrow="1" minWidth="12rem">
              <TextField.Root
                id={`social-url-${i}`}
                type="url"
                aria-label={t('settings.store.socialUrl', { n: i + 1 })}
                placeholder="https://"
                value={link.url}
                onChange={(e) => update(i, { url: e.target.value })}
                {...describedBy(`social-url-${i}`, error)}
              />
              {error && (
                <Text size="1" color="red" role="alert" id={`social-url-${i}-error`}>
                  {error}
                </Text>
              )}
            </Flex>
            <IconButton type="button" variant="ghost" color="red" aria-label={t('settings.store.removeSocial', { n: i + 1 })} onClick={() => onChange(links.filter((_, j) => j !== i))}>
              <TrashIcon />
            </IconButton>
          </Flex>
        );
      })}
      {links.length < MAX_LINKS && (
        <Flex>
          <Button type="button" variant="soft" onClick={() => onChange([...links, { kind: 'website', url: '' }])}>
            <PlusIcon /> {t('settings.store.addSocial')}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
