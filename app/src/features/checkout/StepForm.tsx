import { useState, type ReactNode } from 'react';
import { Heading } from '@radix-ui/themes';

interface Props {
  title: string;
  /** The step's problems by field (undefined: fine); Continue goes on only without any. */
  errors: Record<string, string | undefined>;
  onNext: () => void;
  /** The step's fields; `submitted` once Continue was pressed (every problem then shows). */
  children: (submitted: boolean) => ReactNode;
}

/** A checkout step's form: its heading, and Continue that checks the step before going on. */
export function StepForm({ title, errors, onNext, children }: Props) {
  const [submitted, setSubmitted] = useState(false);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setSubmitted(true);
        if (Object.values(errors).every((v) => !v)) onNext();
      }}
    >
      <Heading as="h2" size="5" mb="4" tabIndex={-1} className="step-heading">
        {title}
      </Heading>
      {children(submitted)}
    </form>
  );
}
