import type { FormEvent, ReactNode } from 'react';
import { Heading } from '@radix-ui/themes';

/** A checkout step's form: its heading (focused when the step opens) and its fields. */
export function StepForm({ title, onSubmit, children }: { title: string; onSubmit: (e: FormEvent) => void; children: ReactNode }) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Heading as="h2" size="5" mb="4" tabIndex={-1} className="step-heading">
        {title}
      </Heading>
      {children}
    </form>
  );
}
