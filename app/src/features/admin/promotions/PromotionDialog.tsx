import { Button, Dialog, Flex, Switch, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { useForm } from '../../../lib/form';
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
    <Dialog.Root open onOpenChange={(o) => !o && !save.isPending && onClose()}>
      <Dialog.Content maxWidth="560px">
        <Dialog.Title>{t(id ? 'promotions.editTitle' : 'promotions.addTitle')}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {t('promotions.formHint')}
        </Dialog.Description>
        <form onSubmit={submit} noValidate>
          <Flex direction="column" gap="3">
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
          </Flex>
          <Flex gap="3" mt="4" justify="end" wrap="wrap">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray" disabled={save.isPending}>
                {t('actions.cancel')}
              </Button>
            </Dialog.Close>
            <Button type="submit" loading={save.isPending}>
              {t('actions.save')}
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
