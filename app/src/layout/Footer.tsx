import { Flex, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SocialLink } from '../api/types';
import { pagePath, usePages } from '../api/pages';
import { useStore } from '../api/store';
import { resolveLocalized } from '../lib/localized';


/** Networks by their own names (not translated); "website" is any other page of the shop's. */
const NETWORKS: Record<Exclude<SocialLink['kind'], 'website'>, string> = {
  facebook: 'Facebook', instagram: 'Instagram', youtube: 'YouTube', x: 'X', tiktok: 'TikTok', linkedin: 'LinkedIn',
  vk: 'VK', telegram: 'Telegram', wechat: 'WeChat', weibo: 'Weibo',
};

/** The shop's phone, e-mail and pages elsewhere, as the owner keeps them in /admin/settings. */
function FooterContact() {
  const { t } = useTranslation('common');
  const { name, phone, email, social } = useStore();
  if (!phone && !email && social.length === 0) return null;
  const network = (kind: SocialLink['kind']) => (kind === 'website' ? t('footer.website') : NETWORKS[kind]);
  return (
    <Flex wrap="wrap" justify="center" gap="4" className="footer-contact" aria-label={t('footer.contactLine')} role="group">
      {phone && (
        <a href={`tel:${phone.replace(/[^0-9+]/g, '')}`} className="footer-link">
          {phone}
        </a>
      )}
      {email && (
        <a href={`mailto:${email}`} className="footer-link">
          {email}
        </a>
      )}
      {social.map((s) => (
        <a key={`${s.kind}-${s.url}`} href={s.url} className="footer-link" rel="noopener noreferrer me" target="_blank" aria-label={t('footer.follow', { name, network: network(s.kind) })}>
          {network(s.kind)}
        </a>
      ))}
    </Flex>
  );
}

/** The contact page, then the information pages that exist, in the owner's order (/admin/pages). */
function useFooterLinks(): { to: string; label: string }[] {
  const { t, i18n } = useTranslation('common');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const pages = usePages().map((p) => ({ to: pagePath(p.slug), label: resolveLocalized(p.title, lang, p.slug) }));
  return [{ to: '/contact', label: t('footer.contact') }, ...pages];
}

export function Footer() {
  const { t } = useTranslation('common');
  const { name } = useStore();
  const links = useFooterLinks();
  return (
    <footer className="site-footer">
      <Flex direction="column" align="center" gap="3" px="4" py="5">
        <nav aria-label={t('footer.label')}>
          <Flex wrap="wrap" justify="center" gap="4" asChild>
            <ul className="plain-list">
              {links.map(({ to, label }) => (
                <li key={to}>
                  <Link to={to} className="footer-link">
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </Flex>
        </nav>
        <FooterContact />
        <Text size="1" color="gray">
          {t('footer.copyrightOf', { year: new Date().getFullYear(), name })}
        </Text>
      </Flex>
    </footer>
  );
}
