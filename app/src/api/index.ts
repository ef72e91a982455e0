/** The shared HTTP client and API types (also used by the admin area). */
export { api, ApiError, isApiError, API_BASE } from './client';
export { tokenStore } from './storage';
export * from './types';
