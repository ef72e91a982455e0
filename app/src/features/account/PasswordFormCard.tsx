import type { FormEvent, ReactNode } from 'react';
import { Link as ThemeLink, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AuthCard } from './AuthCard';

/** The card of the forgot- and reset-password pages: the title, the form's content and the way back to login. */
export function PasswordFormCard({ title, onSubmit, children }: { title: string; onSubmit: (e: FormEvent) => void; children: ReactNode }) {
  const { t } = useTranslation('account');
  const footer = (
    <Text size="2" align="center">
      {/* The theme's link style, like the login and register pages' links. */}
      <ThemeLink asChild underline="always">
        <Link to="/login">{t('passwordReset.backToLogin')}</Link>
      </ThemeLink>
    </Text>
  );
  return (
    <AuthCard title={title} onSubmit={onSubmit} footer={footer}>
      {children}
    </AuthCard>
  );
}
