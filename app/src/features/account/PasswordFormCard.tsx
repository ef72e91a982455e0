import type { FormEvent, ReactNode } from 'react';
import { Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AuthCard } from './AuthCard';

/** The card of the forgot- and reset-password pages: the title, the form's content and the way back to login. */
export function PasswordFormCard({ title, onSubmit, children }: { title: string; onSubmit: (e: FormEvent) => void; children: ReactNode }) {
  const { t } = useTranslation('account');
  const footer = (
    <Text size="2" align="center">
      <Link to="/login">{t('passwordReset.backToLogin')}</Link>
    </Text>
  );
  return (
    <AuthCard title={title} onSubmit={onSubmit} footer={footer}>
      {children}
    </AuthCard>
  );
}
