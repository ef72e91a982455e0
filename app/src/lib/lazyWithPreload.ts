import { lazy, type ComponentType } from 'react';

type Module<T> = { default: T };

/**
 * React.lazy whose module can be loaded ahead with `preload()`. Once loaded, the component
 * renders at once instead of suspending for a tick (a plain lazy always shows its Suspense
 * fallback first): the product page's first render has to replace the server's first screen
 * (routes/firstscreen) by the page itself, not by the loading spinner.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy's own constraint
export function lazyWithPreload<T extends ComponentType<any>>(factory: () => Promise<Module<T>>) {
  let loaded: Module<T> | undefined;
  let pending: Promise<Module<T>> | undefined;
  const preload = () =>
    (pending ??= factory().then((m) => {
      loaded = m;
      return m;
    }));
  // React reads a thenable that calls back at once as already resolved.
  const resolved = (m: Module<T>) => ({ then: (onFulfilled: (m: Module<T>) => void) => onFulfilled(m) }) as unknown as Promise<Module<T>>;
  return Object.assign(
    lazy(() => (loaded ? resolved(loaded) : preload())),
    { preload },
  );
}
