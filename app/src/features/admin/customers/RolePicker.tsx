import { useState } from 'react';
import { Button, Callout, Checkbox, Flex, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../api/types';
import { isApiError } from '../../../api';
import { insightKeys } from '../../../api/queryKeys';
import { useAuth } from '../../../auth/AuthContext';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { displayName } from '../../../lib/user';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { failureText } from '../messages';
import { insightApi } from '../overview/api';

/** The staff roles an Admin can give (docs/api.md, Staff), in the server's order. */
const STAFF_ROLES = ['Admin', 'Manager', 'Fulfilment', 'Catalog'] as const;

/** The refusals the server explains with a code of its own (docs/api.md). */
const ROLE_CODES = ['own_admin_role', 'last_admin'];

/** The roles to send: the chosen staff roles, then the user's other roles, Customer kept so the user can still shop. */
function rolesWith(roles: string[], staff: string[]): string[] {
  const rest = roles.filter((r) => !(STAFF_ROLES as readonly string[]).includes(r));
  if (!rest.includes('Customer')) rest.push('Customer');
  return [...STAFF_ROLES.filter((r) => staff.includes(r)), ...rest];
}

/**
 * An Admin's choice of a user's staff roles (PUT /api/admin/users/{id}/roles): one checkbox a
 * role with what it may do, saved with one button; giving or taking Admin asks first. The
 * server's refusals (the last admin, one's own Admin role) are said in the user's language.
 */
export function RolePicker({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  const { user: me } = useAuth();
  const toast = useToastApi();
  const queryClient = useQueryClient();
  const had = STAFF_ROLES.filter((r) => user.roles.includes(r));
  const [chosen, setChosen] = useState<string[]>(had);
  const [confirming, setConfirming] = useState(false);
  const name = displayName(user);
  const self = me?.id === user.id;
  const wasAdmin = had.includes('Admin');
  const adminChange = wasAdmin !== chosen.includes('Admin');
  const changed = had.length !== chosen.length || had.some((r) => !chosen.includes(r));

  const save = useMutation({
    mutationFn: () => insightApi.setRoles(user.id, rolesWith(user.roles, chosen)),
    onSuccess: async () => {
      setConfirming(false);
      const message = !adminChange ? 'customers.rolesSaved' : wasAdmin ? 'customers.revoked' : 'customers.granted';
      toast.success(t(message, { name }), TOAST_LONG);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: insightKeys.users }),
        queryClient.invalidateQueries({ queryKey: insightKeys.roleChanges }),
      ]);
    },
    onError: () => setConfirming(false),
  });
  const error = save.error;
  const refusal = error && (isApiError(error) && ROLE_CODES.includes(error.code) ? t(`customers.errors.${error.code}`) : failureText(t, error, 'customers.roleError'));

  const toggle = (role: string, on: boolean) => {
    save.reset();
    setChosen((c) => (on ? [...c, role] : c.filter((r) => r !== role)));
  };

  return (
    <fieldset className="plain-fieldset" data-testid="role-picker">
      <Text as="div" size="2" weight="bold" mb="2" asChild>
        <legend>{t('customers.staffRoles')}</legend>
      </Text>
      <Flex direction="column" gap="2">
        {STAFF_ROLES.map((role) => {
          const locked = role === 'Admin' && self && wasAdmin;
          return (
            <Text as="label" size="2" key={role}>
              <Flex gap="2" align="start">
                <Checkbox mt="1" checked={chosen.includes(role)} disabled={locked || save.isPending} onCheckedChange={(v) => toggle(role, v === true)} />
                <span>
                  <Text weight="medium">{t(`customers.roles.${role}`)}</Text>
                  <Text as="span" color="gray" style={{ display: 'block' }}>
                    {locked ? t('customers.errors.own_admin_role') : t(`customers.roleHints.${role}`)}
                  </Text>
                </span>
              </Flex>
            </Text>
          );
        })}
      </Flex>
      {refusal && (
        <Callout.Root color="red" size="1" mt="3" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{refusal}</Callout.Text>
        </Callout.Root>
      )}
      <Flex mt="3">
        <Button variant="soft" disabled={!changed} loading={save.isPending && !confirming} onClick={() => (adminChange ? setConfirming(true) : save.mutate())}>
          {t('customers.saveRoles')}
        </Button>
      </Flex>
      <ConfirmDialog
        open={confirming}
        title={wasAdmin ? t('customers.revokeTitle') : t('customers.grantTitle')}
        description={t(wasAdmin ? 'customers.revokeConfirm' : 'customers.grantConfirm', { name, email: user.email })}
        confirmLabel={wasAdmin ? t('customers.revoke') : t('customers.grant')}
        busy={save.isPending}
        onConfirm={() => save.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </fieldset>
  );
}
