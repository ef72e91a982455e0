import j1 from './j1-guest-cart.mjs';

export const journeys = [j1];
