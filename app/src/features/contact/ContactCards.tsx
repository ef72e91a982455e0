import type { ComponentType } from 'react';
import { Box, Card, Flex, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { ClockIcon, EnvelopeClosedIcon, HomeIcon, MobileIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { resolveLocalized } from '../../lib/localized';
import { useStore } from '../../api/store';

interface ContactCardProps {
  icon: ComponentType<{ width?: number; height?: number; 'aria-hidden'?: boolean | 'true' }>;
  title: string;
  lines: string[];
  /** tel: or mailto: link of the first line. */
  href?: string;
  note?: string;
}

/** The shop's phone, e-mail, address and hours as the owner keeps them (cards without a value are left out). */
export function useContactCards(): ContactCardProps[] {
  const { t, i18n } = useTranslation('contact');
  const store = useStore();
  const lines = (s: string) => s.split('\n').filter((l) => l.trim());
  const hours = resolveLocalized(store.hours, i18n.resolvedLanguage ?? i18n.language);
  const cards: (ContactCardProps | false)[] = [
    !!store.phone && { icon: MobileIcon, title: t('cards.phone.title'), lines: [store.phone], href: `tel:${store.phone.replace(/[^0-9+]/g, '')}`, note: t('cards.phone.note') },
    !!store.email && { icon: EnvelopeClosedIcon, title: t('cards.email.title'), lines: [store.email], href: `mailto:${store.email}`, note: t('cards.email.note') },
    !!store.address && { icon: HomeIcon, title: t('cards.address.title'), lines: lines(store.address) },
    !!hours && { icon: ClockIcon, title: t('cards.hours.title'), lines: lines(hours) },
  ];
  return cards.filter((c): c is ContactCardProps => !!c);
}

export function ContactCard({ icon: Icon, title, lines, href, note }: ContactCardProps) {
  return (
    <Card>
      <Flex gap="3" align="start">
        <Icon width={20} height={20} aria-hidden="true" />
        <Box>
          <Heading as="h2" size="3" mb="1">
            {title}
          </Heading>
          {lines.map((l, i) => (
            <Text as="p" size="2" key={`${i}-${l}`}>
              {href && i === 0 ? <RadixLink href={href}>{l}</RadixLink> : l}
            </Text>
          ))}
          {note && (
            <Text as="p" size="2" color="gray">
              {note}
            </Text>
          )}
        </Box>
      </Flex>
    </Card>
  );
}
