/**
 * Whether live updates (PocketBase realtime) are flowing. `live` once the connection is up;
 * `down` when it failed or dropped (the app then refetches on a timer until it is back);
 * `off` before it starts. Kept outside React so query options can read it.
 */
export type LiveState = 'off' | 'connecting' | 'live' | 'down';

type Listener = () => void;
let state: LiveState = 'off';
const listeners = new Set<Listener>();

export const liveStatus = {
  get: (): LiveState => state,
  set(next: LiveState) {
    if (next === state) return;
    state = next;
    listeners.forEach((l) => l());
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** How often data is refetched while live updates are not flowing (admin lists, stock). */
export const FALLBACK_POLL_MS = 15_000;

/** A refetchInterval for TanStack Query: poll only while realtime is not live. */
export const pollUnlessLive = (): number | false => (liveStatus.get() === 'live' ? false : FALLBACK_POLL_MS);
