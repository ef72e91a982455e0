import type { FormEvent, ReactNode } from 'react';
import { Card, Container, Flex, Heading } from '@radix-ui/themes';

interface Props {
  title: string;
  /** The card is the form (login, password reset); without it the content holds its own forms (register's steps). */
  onSubmit?: (e: FormEvent) => void;
  /** The way on at the bottom (to register, to login). */
  footer: ReactNode;
  children: ReactNode;
}

/** The narrow card of the sign-in pages: login, register, forgot and reset password. */
export function AuthCard({ title, onSubmit, footer, children }: Props) {
  const body = (
    <Flex direction="column" gap="4">
      <Heading as="h1" size="6">
        {title}
      </Heading>
      {children}
      {footer}
    </Flex>
  );
  return (
    <Container size="1" px="4" py="7">
      <Card size="3">
        {onSubmit ? (
          <form onSubmit={onSubmit} noValidate>
            {body}
          </form>
        ) : (
          body
        )}
      </Card>
    </Container>
  );
}
