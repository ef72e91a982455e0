import type { SelectHTMLAttributes } from 'react';

/** A native <select> in the Radix look: light, accessible and phone-friendly. */
export function NativeSelect({ className, ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={['native-select', className].filter(Boolean).join(' ')} {...rest} />;
}
