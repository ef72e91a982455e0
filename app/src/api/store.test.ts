import { QueryClient } from '@tanstack/react-query';
import { storeKeys } from './queryKeys';
import type { Shop } from './types';
import { seedServedStore } from './store';

const served: Shop = {
  name: 'Rig & Roll', legalName: '', logoUrl: '/images/products/logo.png', logo: 'logo.png', email: 'desk@rig.example', phone: '+44 20 7946 0000',
  address: '', hours: {}, hero: { title: { en: 'Gear for every show' }, text: {} }, social: [], timeZone: 'America/Chicago', today: '2026-03-06',
};

function page(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('');
  if (json !== null) doc.body.innerHTML = `<script type="application/json" id="shop-details">${json}</script>`;
  return doc;
}

// The server's first screen names the shop from its store details: the app's first render must
// say the same (no flash of "StageShop"), and still fetch the details at mount.
it('seeds the store details the page came with, marked for a refetch', () => {
  const client = new QueryClient();
  seedServedStore(client, page(JSON.stringify(served)));
  expect(client.getQueryData(storeKeys.details)).toEqual(served);
  expect(client.getQueryState(storeKeys.details)?.dataUpdatedAt).toBe(0);
});

it('leaves the details to the fetch without them or when they are not JSON', () => {
  for (const doc of [page(null), page('{not json')]) {
    const client = new QueryClient();
    seedServedStore(client, doc);
    expect(client.getQueryData(storeKeys.details)).toBeUndefined();
  }
});
