/** The shared HTTP client and API types (also used by the admin area). */
export { api, request, ApiError, isApiError, setSessionExpiredHandler, API_BASE } from './client';
export type { RequestOptions, FieldErrors } from './client';
export {
  STORAGE_KEYS,
  tokenStore,
  getCartSessionId,
  getOrCreateCartSessionId,
  clearCartSessionId,
  newCartSessionId,
} from './storage';
export * from './types';
