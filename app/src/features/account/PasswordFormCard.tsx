import type { FormEvent, ReactNode } from 'react';
import { Card, Container, Flex, Heading, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The card of the forgot- and reset-password pages: the title, the form's content and the way back to login. */
export function PasswordFormCard({ title, onSubmit, children }: { title: string; onSubmit: (e: FormEvent) => void; children: ReactNode }) {
  const { t } = useTranslation('account');
  return (
    <Container size="1" px="4" py="7">
      <Card size="3">
        <form onSubmit={onSubmit} noValidate>
          <Flex direction="column" gap="4">
            <Heading as="h1" size="6">
              {title}
            </Heading>
            {children}
            <Text size="2" align="center">
              <Link to="/login">{t('passwordReset.backToLogin')}</Link>
            </Text>
          </Flex>
        </form>
      </Card>
    </Container>
  );
}
