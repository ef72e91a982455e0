import { Fragment } from 'react';

/**
 * An e-mail address that wraps before its @ and its dots first (admin tables broke
 * "jane@exam-ple.com" anywhere); a part longer than its squeezed cell still breaks.
 */
export function EmailText({ email }: { email: string }) {
  return (
    <>
      {email.split(/(?=[@.])/).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
