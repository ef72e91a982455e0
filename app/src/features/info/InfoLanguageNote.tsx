import { Callout } from '@radix-ui/themes';
import { InfoCircledIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';

/** The information texts exist in English and Russian: Chinese readers are told so, in Chinese. */
export function InfoLanguageNote() {
  const { t, i18n } = useTranslation('common');
  if (i18n.language !== 'zh') return null;
  return (
    <Callout.Root color="gray" size="1" mb="4" lang="zh" data-testid="info-language-note">
      <Callout.Icon>
        <InfoCircledIcon />
      </Callout.Icon>
      <Callout.Text>{t('infoNote.text')}</Callout.Text>
    </Callout.Root>
  );
}
