import type { QueryClient } from '@tanstack/react-query';
import { CONNECTED, connected, listen } from '../../api/live';
import { applyProductEvent, applyVariantEvent } from './products';
import { FALLBACK_POLL_MS, liveStatus } from '../../api/liveStatus';
import { adminRoot, cartKeys, catalogKeys } from '../../api/queryKeys';

/** No service worker belongs to this app: remove any left from an earlier deployment. */
function removeServiceWorkers() {
  navigator.serviceWorker
    ?.getRegistrations()
    .then((regs) => regs.forEach((r) => void r.unregister()))
    .catch(() => undefined);
}

/** How long the first connection may take before the app falls back to refetching. */
const CONNECT_WAIT_MS = 5_000;

/** Refetches what live updates would have changed (after a gap, or on the fallback timer). */
function refetchLiveData(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: catalogKeys.all });
  void qc.invalidateQueries({ queryKey: cartKeys.all });
  void qc.invalidateQueries({ queryKey: adminRoot });
}

/**
 * Starts live stock for every page: subscribes to `products/*` and `product_variants/*` for the app's lifetime and feeds
 * the events into the query cache. While realtime is down (no connection, lost network) the
 * same data is refetched every 15 s; when the connection comes back, once, to catch up.
 */
export async function startLive(qc: QueryClient) {
  if (liveStatus.get() !== 'off') return;
  removeServiceWorkers();
  // Exposed for the browser journeys, which wait for live updates before buying.
  liveStatus.subscribe(() => (document.documentElement.dataset.live = liveStatus.get()));
  liveStatus.set('connecting');
  let everLive = false;
  const timer = window.setTimeout(() => {
    if (liveStatus.get() !== 'live') liveStatus.set('down');
  }, CONNECT_WAIT_MS);
  window.setInterval(() => {
    if (liveStatus.get() === 'down' && document.visibilityState === 'visible') refetchLiveData(qc);
  }, FALLBACK_POLL_MS);
  try {
    const onConnect = () => {
      window.clearTimeout(timer);
      if (everLive && liveStatus.get() !== 'live') refetchLiveData(qc);
      everLive = true;
      liveStatus.set('live');
    };
    await listen(CONNECTED, onConnect);
    await listen('products/*', (e) => applyProductEvent(qc, e));
    await listen('product_variants/*', (e) => applyVariantEvent(qc, e));
    // The admin area may have opened the connection first: then no PB_CONNECT comes for us.
    if (!everLive && (await connected())) onConnect();
  } catch {
    liveStatus.set('down');
  }
}
