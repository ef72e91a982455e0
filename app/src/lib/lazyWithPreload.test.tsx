import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { lazyWithPreload } from './lazyWithPreload';

function Page() {
  return <p>the page</p>;
}

describe('lazyWithPreload', () => {
  it('renders a preloaded page at once, without the fallback', async () => {
    const factory = vi.fn(() => Promise.resolve({ default: Page }));
    const Lazy = lazyWithPreload(factory);
    await Lazy.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('loads on first render like React.lazy when not preloaded', async () => {
    const Lazy = lazyWithPreload(() => Promise.resolve({ default: Page }));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('the page')).toBeInTheDocument();
  });
});
