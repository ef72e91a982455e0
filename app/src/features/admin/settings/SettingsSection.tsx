import type { ReactNode } from 'react';
import { Card, Flex, Heading } from '@radix-ui/themes';

/** A titled card of a settings screen; stack lays its children out in one column. */
export function SettingsSection({ title, stack, children }: { title: string; stack?: boolean; children: ReactNode }) {
  return (
    <Card size="2">
      <Heading as="h3" size="3" mb="3">
        {title}
      </Heading>
      {stack ? (
        <Flex direction="column" gap="3">
          {children}
        </Flex>
      ) : (
        children
      )}
    </Card>
  );
}
