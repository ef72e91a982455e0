import { Grid } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/FormField';
import type { BusinessDetails } from '../../lib/business';
import type { Form } from '../../lib/form';

/** Company name and tax ID of a business buyer, printed on the invoice (optional). */
export function BusinessFields({ form }: { form: Form<BusinessDetails> }) {
  const { t } = useTranslation('checkout');
  return (
    <Grid columns={{ initial: '1', sm: '2' }} gap="4" mt="4">
      <FormField id="billing-companyName" label={t('fields.companyName')} autoComplete="billing organization" {...form.field('companyName')} />
      <FormField id="billing-taxId" label={t('fields.taxId')} hint={t('fields.taxIdHint')} autoComplete="off" {...form.field('taxId')} />
    </Grid>
  );
}
