import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { FALLBACK_POLL_MS, pollUnlessLive } from '../../api/liveStatus';
import type {
  ContactRequest,
  ContactRequestList,
  ContactStats,
  Message,
  OrderDetail,
  Product,
  ProductList,
  ProductOption,
  TaxClass,
} from '../../api/types';
import { adminKeys } from '../../api/queryKeys';

export const ADMIN_PRODUCTS_PAGE_SIZE = 20;
export const CONTACT_PAGE_SIZES = [5, 10, 25, 50] as const;
export const DEFAULT_CONTACT_PAGE_SIZE = 10;

/**
 * Orders and contact requests are refreshed by PocketBase realtime events (useAdminLive); only
 * while realtime is not connected do they poll, every 15 s. react-query pauses the interval
 * while the tab is hidden (refetchIntervalInBackground: false).
 */
export const ADMIN_POLL_MS = FALLBACK_POLL_MS;
const polling = { refetchInterval: pollUnlessLive, refetchIntervalInBackground: false } as const;

export interface AdminProductFilters {
  search: string;
  category: string;
  page: number;
}

export interface ContactFilters {
  status: string;
  page: number;
  pageSize: number;
}

/** Body of POST/PUT /api/products. */
/** A variant as the product form sends it: an existing one by id, or a new one. */
export interface VariantPayload {
  id?: string;
  sku: string;
  optionValues: string[];
  price: number;
  compareAtPrice: number | null;
  stockQuantity: number;
  isActive: boolean;
  imageFileNames: string[];
  /** The variant's hire rates and fleet (issue 46). */
  hireRates?: { day: number; weekend: number | null; week: number | null };
  hireQuantity?: number;
}

export interface ProductPayload {
  name: string;
  nameLocalized: Record<string, string>;
  description: string;
  descriptionLocalized: Record<string, string>;
  /** Left out when variants are sent: each variant has its own. */
  price?: number;
  category: string;
  imageFileNames: string[];
  stockQuantity?: number;
  isActive: boolean;
  taxClass: TaxClass;
  weightKg?: number;
  freightOnly?: boolean;
  attributes: { key: string; keyLocalized: Record<string, string>; value: string; valueLocalized: Record<string, string> }[];
  /** When sent, they replace the product's (issue 31). */
  options?: ProductOption[];
  variants?: VariantPayload[];
  /** The manufacturer's identifiers and the owner's words for search engines by language (issue 50); "" / {} clear them. */
  brand?: string;
  mpn?: string;
  gtin?: string;
  seoTitle?: Record<string, string>;
  seoDescription?: Record<string, string>;
  /** Hire terms and kit; hireRates and hireQuantity are the only variant's without options (issue 46). */
  hire?: { enabled: boolean; saleEnabled: boolean; deposit?: number; bufferDays?: number; minDays?: number; leadDays?: number };
  kit?: { productId: string; variantId: string; quantity: number }[];
  hireRates?: { day: number; weekend: number | null; week: number | null };
  hireQuantity?: number;
}

export const adminProductListQuery = (f: AdminProductFilters) =>
  queryOptions({
    queryKey: adminKeys.productList(f),
    queryFn: ({ signal }) =>
      api.get<ProductList>('/products', {
        signal,
        query: {
          includeInactive: true,
          page: f.page,
          pageSize: ADMIN_PRODUCTS_PAGE_SIZE,
          search: f.search.trim() || undefined,
          category: f.category || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const adminProductQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.product(id),
    queryFn: ({ signal }) => api.get<Product>(`/products/${encodeURIComponent(id)}`, { signal }),
    retry: false,
    staleTime: 0,
  });

export const adminOrderQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.order(id),
    queryFn: ({ signal }) => api.get<OrderDetail>(`/checkout/admin/orders/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });

export const contactRequestsQuery = (f: ContactFilters) =>
  queryOptions({
    queryKey: adminKeys.contactList(f),
    queryFn: ({ signal }) =>
      api.get<ContactRequestList>('/contact/admin/requests', {
        signal,
        query: { page: f.page, pageSize: f.pageSize, status: f.status || undefined },
      }),
    placeholderData: keepPreviousData,
    ...polling,
  });

export const contactStatsQuery = () =>
  queryOptions({
    queryKey: adminKeys.contactStats,
    queryFn: ({ signal }) => api.get<ContactStats>('/contact/admin/stats', { signal }),
    ...polling,
  });

export const adminApi = {
  createProduct: (p: ProductPayload) => api.post<Product>('/products', p),
  updateProduct: (id: string, p: ProductPayload) => api.put<Product>(`/products/${encodeURIComponent(id)}`, p),
  deleteProduct: (id: string) => api.del<Message>(`/products/${encodeURIComponent(id)}`),
  setOrderStatus: (id: string, status: string) =>
    api.put<OrderDetail>(`/checkout/admin/orders/${encodeURIComponent(id)}/status`, { status }),
  setContactStatus: (id: string, status: string, adminNotes: string) =>
    api.put<ContactRequest>(`/contact/admin/requests/${encodeURIComponent(id)}/status`, { status, adminNotes }),
  deleteContactRequest: (id: string) => api.del<Message>(`/contact/admin/requests/${encodeURIComponent(id)}`),
};
