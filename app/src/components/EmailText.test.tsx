import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { EmailText } from './EmailText';

describe('EmailText', () => {
  it('may wrap only before the @ and the dots, reading as the address', () => {
    const { container } = render(
      <p>
        <EmailText email="jane.doe@example.co.uk" />
      </p>,
    );
    const p = container.querySelector('p')!;
    expect(p).toHaveTextContent('jane.doe@example.co.uk');
    expect(p.innerHTML).toBe('jane<wbr>.doe<wbr>@example<wbr>.co<wbr>.uk');
  });
});
