import type PocketBase from 'pocketbase';
import type { RecordSubscription } from 'pocketbase';
import { API_BASE } from './client';
import { tokenStore } from './storage';
import { liveStatus } from './liveStatus';

/** A realtime event of a collection record, as PocketBase sends it. */
export type LiveEvent = RecordSubscription<Record<string, unknown>>;
type Listener = (e: LiveEvent) => void;

interface Entry {
  topic: string;
  listener: Listener;
  off?: () => Promise<void>;
}

/** The topic of the SDK's "connection established" message (also after each reconnect). */
export const CONNECTED = 'PB_CONNECT';

let client: Promise<PocketBase> | null = null;
const entries = new Set<Entry>();
let identity = '';

/** The user id inside an access token (a PocketBase JWT), '' when signed out or unreadable. */
function tokenIdentity(token: string | null): string {
  if (!token) return '';
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { id?: string };
    return payload.id ?? '';
  } catch {
    return '';
  }
}

async function attach(pb: PocketBase, entry: Entry) {
  const [collection, id = '*'] = entry.topic.split('/');
  entry.off =
    entry.topic === CONNECTED
      ? await pb.realtime.subscribe(CONNECTED, entry.listener)
      : await pb.collection(collection).subscribe(id, entry.listener);
}

/**
 * PocketBase keeps the auth a realtime connection subscribed with (it refuses a change of
 * user on it). A new token of the same user (refresh) only goes into the auth store; signing
 * in, out or as someone else reconnects and subscribes again with the new token.
 */
async function followToken(pb: PocketBase) {
  const token = tokenStore.getToken();
  const next = tokenIdentity(token);
  if (token) pb.authStore.save(token, null);
  else pb.authStore.clear();
  if (next === identity) return;
  identity = next;
  if (entries.size === 0) return;
  await pb.realtime.unsubscribe();
  await Promise.all([...entries].map((e) => attach(pb, e)));
}

/** The SDK, loaded on first use (it is not part of any page's start-up code). */
function pocketBase(): Promise<PocketBase> {
  client ??= import('pocketbase').then(({ default: PocketBaseClient }) => {
    // PocketBase serves realtime beside the shop's API, on the same origin.
    const pb = new PocketBaseClient(API_BASE.replace(/\/api$/, '') || '/');
    pb.autoCancellation(false);
    identity = tokenIdentity(tokenStore.getToken());
    void followToken(pb);
    tokenStore.subscribe(() => void followToken(pb).catch(() => liveStatus.set('down')));
    // The SDK reconnects by itself with growing pauses (0.2 s to 2 s); until it is back the
    // app refetches on a timer (see status.ts).
    pb.realtime.onDisconnect = (active) => {
      if (active.length > 0) liveStatus.set('down');
    };
    return pb;
  });
  return client;
}

/** Whether the realtime connection is up now (PB_CONNECT is sent only when it opens). */
export async function connected(): Promise<boolean> {
  return (await pocketBase()).realtime.isConnected;
}

/**
 * Subscribes listener to a topic such as `products/*` or `orders/*`; the promise gives the
 * function that unsubscribes it (call it on unmount). Rejects when realtime is unavailable.
 */
export async function listen(topic: string, listener: Listener): Promise<() => void> {
  if (typeof EventSource === 'undefined') throw new Error('realtime needs EventSource');
  const pb = await pocketBase();
  const entry: Entry = { topic, listener };
  entries.add(entry);
  try {
    await attach(pb, entry);
  } catch (err) {
    entries.delete(entry);
    throw err;
  }
  return () => {
    entries.delete(entry);
    void entry.off?.().catch(() => undefined);
  };
}
