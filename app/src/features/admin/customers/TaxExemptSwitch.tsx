import { ToggleField } from '../../../components/ToggleField';
import { Flex, Switch, Text } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { displayName } from '../../../lib/user';
import { failureText } from '../messages';
import type { AdminUser } from '../../../api/types';
import { insightApi } from '../overview/api';
import { insightKeys } from '../../../api/queryKeys';

/** Whether the customer is tax-exempt (a reseller certificate on file): their orders from now on carry no tax. */
export function TaxExemptSwitch({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  const toast = useToastApi();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (taxExempt: boolean) => insightApi.setTaxExempt(user.id, taxExempt),
    onSuccess: async (saved) => {
      toast.success(t(saved.taxExempt ? 'customers.exemptOn' : 'customers.exemptOff', { name: displayName(user) }), TOAST_LONG);
      await queryClient.invalidateQueries({ queryKey: insightKeys.users });
    },
    onError: (error) => toast.error(failureText(t, error, 'customers.exemptError'), TOAST_LONG),
  });
  const checked = save.isPending ? !!save.variables : !!user.taxExempt;
  return (
    <Flex direction="column" gap="1">
      <ToggleField
        weight="medium"
        label={t('customers.taxExempt')}
        control={(id) => <Switch id={id} checked={checked} disabled={save.isPending} onCheckedChange={(on) => save.mutate(on)} data-testid="tax-exempt-switch" />}
      />
      <Text size="1" color="gray">
        {t('customers.taxExemptHint')}
      </Text>
    </Flex>
  );
}
