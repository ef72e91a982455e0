import { useRef, useState } from 'react';
import { Button, Flex, TextArea, TextField } from '@radix-ui/themes';
import { UploadIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import type { Problems } from '../../../lib/form';
import { LANGUAGE_NAMES, LANGUAGES } from '../../../i18n/languages';
import { describedBy, Field } from '../components/Field';
import { checkImageFile, IMAGE_ACCEPT, uploadImage } from '../products/upload';
import type { StoreForm, Texts } from './storeForm';

interface Props {
  form: StoreForm;
  set: (patch: Partial<StoreForm>) => void;
  errors: Problems;
}

/** A text field of the form with its label and error. */
function Text1({ id, label, value, onChange, error, hint, required, type }: {
  id: string; label: string; value: string; onChange: (v: string) => void; error?: string; hint?: string; required?: boolean; type?: 'email' | 'tel' | 'text';
}) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required}>
      <TextField.Root id={id} type={type ?? 'text'} value={value} onChange={(e) => onChange(e.target.value)} {...describedBy(id, error, hint)} />
    </Field>
  );
}

/** One text per language (hours, the hero): a field for each, side by side on wide screens. */
function LanguageTexts({ id, label, value, onChange, errors, multiline }: {
  id: string; label: string; value: Texts; onChange: (v: Texts) => void; errors: Problems; multiline?: boolean;
}) {
  return (
    <div className="settings-langs">
      {LANGUAGES.map((lang) => {
        const fid = `${id}-${lang}`;
        const error = errors[`${id.replace('-', '.')}.${lang}`];
        const props = { id: fid, value: value[lang], onChange: (e: { target: { value: string } }) => onChange({ ...value, [lang]: e.target.value }), ...describedBy(fid, error) };
        return (
          <Field key={lang} id={fid} label={`${label} (${LANGUAGE_NAMES[lang]})`} error={error}>
            {multiline ? <TextArea rows={3} {...props} /> : <TextField.Root {...props} />}
          </Field>
        );
      })}
    </div>
  );
}

export function IdentityFields({ form, set, errors }: Props) {
  const { t } = useTranslation('admin');
  return (
    <Flex direction="column" gap="3">
      <Text1 id="name" label={t('settings.store.name')} value={form.name} onChange={(name) => set({ name })} error={errors.name} required />
      <Text1 id="legalName" label={t('settings.store.legalName')} hint={t('settings.store.legalNameHint')} value={form.legalName} onChange={(legalName) => set({ legalName })} error={errors.legalName} />
      <LogoField form={form} set={set} errors={errors} />
    </Flex>
  );
}

/** The logo: an uploaded image (shown beside the shop's name in the header), or the app's icon. */
function LogoField({ form, set, errors }: Props) {
  const { t } = useTranslation('admin');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const pick = (file: File | undefined) => {
    if (!file) return;
    const bad = checkImageFile(file);
    if (bad) return setProblem(t(bad === 'type' ? 'images.invalidType' : 'images.tooLarge', { name: file.name }));
    setBusy(true);
    setProblem('');
    uploadImage(file, () => undefined)
      .then((logo) => set({ logo, logoUrl: `/images/products/${logo}` }))
      .catch((e: unknown) => setProblem(isApiError(e) && e.message ? e.message : t('images.uploadError')))
      .finally(() => setBusy(false));
  };
  return (
    <Field id="logo" label={t('settings.store.logo')} error={problem || errors.logo} hint={t('settings.store.logoHint')}>
      <Flex align="center" gap="3" wrap="wrap">
        <img src={form.logoUrl ? `${form.logoUrl}?thumb=120x120` : '/favicon.svg'} alt={t('settings.store.logoPreview')} width={48} height={48} className="settings-logo" />
        <input ref={input} id="logo" type="file" accept={IMAGE_ACCEPT} hidden onChange={(e) => pick(e.target.files?.[0])} />
        <Button type="button" variant="soft" loading={busy} onClick={() => input.current?.click()}>
          <UploadIcon /> {t('settings.store.uploadLogo')}
        </Button>
        {form.logo && (
          <Button type="button" variant="ghost" color="gray" onClick={() => set({ logo: '', logoUrl: '' })}>
            {t('settings.store.removeLogo')}
          </Button>
        )}
      </Flex>
    </Field>
  );
}

export function ContactFields({ form, set, errors }: Props) {
  const { t } = useTranslation('admin');
  return (
    <Flex direction="column" gap="3">
      <Text1 id="email" type="email" label={t('settings.store.email')} hint={t('settings.store.emailHint')} value={form.email} onChange={(email) => set({ email })} error={errors.email} required />
      <Text1 id="phone" type="tel" label={t('settings.store.phone')} value={form.phone} onChange={(phone) => set({ phone })} error={errors.phone} />
      <Field id="address" label={t('settings.store.address')} error={errors.address}>
        <TextArea id="address" rows={3} value={form.address} onChange={(e) => set({ address: e.target.value })} {...describedBy('address', errors.address)} />
      </Field>
      <LanguageTexts id="hours" label={t('settings.store.hours')} value={form.hours} onChange={(hours) => set({ hours })} errors={errors} multiline />
      <TimeZoneField form={form} set={set} errors={errors} />
    </Flex>
  );
}

/** The browser's zone names, offered as the time zone field's suggestions (none where unsupported). */
const zoneNames = (): string[] => {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? [];
};

/** The shop's time zone (issue 46): an IANA name, checked by the server; the browser's names as suggestions. */
function TimeZoneField({ form, set, errors }: Props) {
  const { t } = useTranslation('admin');
  const [names] = useState(zoneNames);
  const hint = t('settings.store.timeZoneHint');
  return (
    <Field id="timeZone" label={t('settings.store.timeZone')} error={errors.timeZone} hint={hint}>
      <TextField.Root id="timeZone" list="timeZone-names" autoComplete="off" spellCheck={false} value={form.timeZone} onChange={(e) => set({ timeZone: e.target.value })} {...describedBy('timeZone', errors.timeZone, hint)} />
      <datalist id="timeZone-names">
        {names.map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
    </Field>
  );
}

export function HeroFields({ form, set, errors }: Props) {
  const { t } = useTranslation('admin');
  return (
    <Flex direction="column" gap="3">
      <LanguageTexts id="hero-title" label={t('settings.store.heroTitle')} value={form.heroTitle} onChange={(heroTitle) => set({ heroTitle })} errors={errors} />
      <LanguageTexts id="hero-text" label={t('settings.store.heroText')} value={form.heroText} onChange={(heroText) => set({ heroText })} errors={errors} multiline />
    </Flex>
  );
}
