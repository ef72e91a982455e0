import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/theme';
import { App } from './App';
import { Providers } from './Providers';
import { initI18n } from './i18n';
import { createQueryClient } from './queryClient';
import { prefetchRoute } from './routes';
import { seedServedStore } from './api/store';

const queryClient = createQueryClient();
// The store details the page came with: the first render names the shop as the server did.
seedServedStore(queryClient);

// Start translations and the opened screen's data (from the route table) at once, in parallel.
const i18nReady = initI18n();
const firstData = prefetchRoute(queryClient, window.location);

function mount() {
  const root = createRoot(document.getElementById('root')!);
  // A transition renders in slices that yield to the browser, so the first render of the
  // grid is not one long task that blocks input on a slow phone.
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers client={queryClient}>
          <App />
        </Providers>
      </StrictMode>,
    );
  });
  // A second after the first render, when the page is interactive: live updates (the
  // pocketbase SDK, a chunk of its own) and the removal of old service workers
  // (features/live/start.ts).
  setTimeout(() => import('./features/live/start').then((m) => m.startLive(queryClient)), 1000);
}

// Render once the start-up translations are in, so no Suspense fallback flashes. When the
// server sent the page's first screen (index.html shows it), also wait for the products or the
// product and its page's code, so the first render shows the same page, not a spinner.
const firstScreenShown =
  document.getElementById('root')?.hasAttribute('data-first-screen') && !document.documentElement.hasAttribute('data-boot');
Promise.all([i18nReady, firstScreenShown ? firstData : null]).then(mount, mount);
