import { Flex, Switch, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { useForm } from '../../../lib/form';
import { FormDialog } from '../components/FormDialog';
import { failureText } from '../messages';
import { useSavePromotion } from './api';
import { promotionFieldPath, toPayload, validatePromotion, type PromotionFormValues } from './formModel';
import { PromotionLimitsFields } from './PromotionLimitsFields';
import { PromotionOfferFields } from './PromotionOfferFields';

interface Props {
  /** The promotion changed (absent: a new one, perhaps a duplicate's copy). */
  id?: string;
  initial: PromotionFormValues;
  onClose: () => void;
}

/** Add or edit a promotion: its name in each language, code or automatic, the offer, its target, window and limits. */
export function PromotionDialog({ id, initial, onClose }: Props) {
  const { t } = useTranslation('admin');
  const toast = useToastApi();
  const form = useForm({ initial, rules: validatePromotion, message: (key) => t(`promotions.validation.${key}`) });
  const save = useSavePromotion();
  const { values: v, set } = form;
  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id, body: toPayload(values) },
      {
        onSuccess: () => {
          toast.success(t(id ? 'promotions.saved' : 'promotions.created'), TOAST_LONG);
          onClose();
        },
        onError: (err) => {
          form.serverFailed(err, undefined, promotionFieldPath);
          toast.error(failureText(t, err, 'promotions.saveError'), TOAST_LONG);
        },
      },
    ),
  );
  return (
    <FormDialog title={t(id ? 'promotions.editTitle' : 'promotions.addTitle')} hint={t('promotions.formHint')} maxWidth="560px" busy={save.isPending} onClose={onClose} onSubmit={submit}>
      <FormField id="promotion-name-en" label={t('promotions.name.en')} required {...form.field('nameEn')} />
      <FormField id="promotion-name-ru" label={t('promotions.name.ru')} {...form.field('nameRu')} />
      <FormField id="promotion-name-zh" label={t('promotions.name.zh')} {...form.field('nameZh')} />
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Switch checked={v.automatic} onCheckedChange={(on) => set('automatic', on)} />
          {t('promotions.automaticLabel')}
        </Flex>
      </Text>
      {!v.automatic && (
        <FormField
          id="promotion-code"
          label={t('promotions.code')}
          hint={t('promotions.codeHint')}
          required
          autoCapitalize="characters"
          {...form.field('code')}
          onChange={(s) => set('code', s.toUpperCase())}
        />
      )}
      <PromotionOfferFields form={form} />
      <PromotionLimitsFields form={form} />
    </FormDialog>
  );
}
