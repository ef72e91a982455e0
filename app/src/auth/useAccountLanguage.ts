import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import type { UserAnswer } from '../api/types';
import { normalizeLanguage } from '../i18n/languages';
import { splitLanguage } from '../i18n/urlLanguage';
import { useAuth } from './AuthContext';

/**
 * While signed in, the language the shopper reads the shop in is the account's language, which
 * the shop writes e-mails in (order confirmation, shipping news): a switch (or a link to /ru/)
 * saves it, so the order placed next is confirmed in that language (issue 34: the account kept
 * the language of the sign-in). A failed save is tried again on the next switch or sign-in.
 */
export function useAccountLanguage() {
  const { user, setUser } = useAuth();
  const { i18n } = useTranslation('common', { useSuspense: false });
  const lang = normalizeLanguage(i18n.language);
  const asked = useRef('');
  useEffect(() => {
    // Only a settled language: the one shown that the address also says (at start-up i18next may
    // hold a detected language for a moment before it follows the address).
    if (!user || !lang || user.language === lang || splitLanguage(window.location.pathname).lang !== lang) return;
    const ask = `${user.id}:${lang}`;
    if (asked.current === ask) return;
    asked.current = ask;
    const body = { firstName: user.firstName, lastName: user.lastName, email: user.email, language: lang };
    api.put<UserAnswer>('/auth/profile', body, { redirectOnAuthFailure: false }).then(
      (res) => setUser(res.user),
      () => {
        asked.current = '';
      },
    );
  }, [user, lang, setUser]);
}
