import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '../../public/locales/en/common.json';
import enShop from '../../public/locales/en/shop.json';
import enAccount from '../../public/locales/en/account.json';
import enCheckout from '../../public/locales/en/checkout.json';
import enContact from '../../public/locales/en/contact.json';
import enInfo from '../../public/locales/en/info.json';

/** i18next with the real English texts in memory, no Suspense: components render synchronously in tests. */
export async function setupTestI18n() {
  if (i18n.isInitialized) {
    await i18n.changeLanguage('en');
    return i18n;
  }
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['common', 'shop', 'account', 'checkout', 'contact', 'info'],
    defaultNS: 'common',
    fallbackNS: 'common',
    resources: {
      en: { common: enCommon, shop: enShop, account: enAccount, checkout: enCheckout, contact: enContact, info: enInfo },
    },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}
