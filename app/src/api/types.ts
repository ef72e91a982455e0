/** Shapes of docs/api.md. */

export type Localized = Record<string, string> | string | null | undefined;

export interface User {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The language the shop e-mails the user in. */
  language?: 'en' | 'ru' | 'zh';
  roles: string[];
  isAdmin?: boolean;
  createdAt?: string;
  lastLoginAt?: string;
  /** A business customer's details, shown on invoices. */
  companyName?: string;
  taxId?: string;
  /** Set by admins (a reseller certificate): no tax on this customer's orders. */
  taxExempt?: boolean;
}

export interface LoginResponse extends User {
  token: string;
  refreshToken: string;
}

interface ProductAttribute {
  key: string;
  keyLocalized?: Localized;
  value: string;
  valueLocalized?: Localized;
}

export interface Product {
  id: string;
  name: string;
  nameLocalized?: Localized;
  description: string;
  descriptionLocalized?: Localized;
  category: string;
  price: number;
  stockQuantity: number;
  isActive: boolean;
  imageFileName: string;
  imageFileNames: string[];
  attributes: ProductAttribute[];
  /** The rates that apply to it: standard unless an admin chose another. */
  taxClass?: TaxClass;
  createdAt?: string;
  updatedAt?: string;
  /** Admin answers only: shoppers waiting for a back-in-stock e-mail. */
  waitingAlerts?: number;
}

export interface Pagination {
  page: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
}

export interface ProductList {
  products: Product[];
  pagination: Pagination;
}

export type ProductSort = 'newest' | 'name_asc' | 'name_desc' | 'price_asc' | 'price_desc';

export interface CartItem {
  id: string;
  productId: string;
  productName: Localized;
  imageFileName: string;
  unitPrice: number;
  quantity: number;
  totalPrice: number;
  availableStock: number;
}

export const TAX_CLASSES = ['standard', 'reduced', 'zero'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];

/** The tax of one rate: `rate` in percent, `base` the net amount it applied to. */
export interface TaxLine {
  name: string;
  rate: number;
  base: number;
  amount: number;
}

/** A cart's figures for an address (GET /api/cart?country=&state=&shippingMethod=). */
export interface TaxEstimate {
  country: string;
  state: string;
  shippingMethod: string;
  subtotalAmount: number;
  shippingAmount: number;
  taxAmount: number;
  totalAmount: number;
  taxLines: TaxLine[];
  pricesIncludeTax: boolean;
  taxExempt: boolean;
}

export interface Cart {
  id: string;
  items: CartItem[];
  totalPrice: number;
  totalItems: number;
  /** Only when the request gave an address. */
  taxEstimate?: TaxEstimate;
}

/** What a sign-in did with the guest cart (POST /api/cart/merge). */
export interface MergeReport {
  addedLines: number;
  addedUnits: number;
  capped: { productId: string; productName: Localized; requested: number; kept: number }[];
  dropped: { productId: string; productName: Localized; reason: 'inactive' | 'out_of_stock' }[];
}

export const ORDER_STATUSES = ['Created', 'Processing', 'Processed', 'Shipped', 'Delivered', 'Cancelled'] as const;

export interface OrderSummary {
  id: string;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  subtotalAmount: number;
  shippingMethod: string;
  shippingAmount: number;
  /** With tax-inclusive prices the part already inside the total. */
  taxAmount?: number;
  totalAmount: number;
  itemCount: number;
  status: string;
  createdAt: string;
  /** "" until the order is invoiced. */
  invoiceNumber?: string;
}

export interface ShippingInfo {
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  phone: string;
  email: string;
}

export type BillingInfo = Omit<ShippingInfo, 'phone' | 'email'> & { companyName?: string; taxId?: string };

interface OrderItem {
  id: string;
  productId: string;
  productName: Localized;
  productImage: string;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
  taxClass?: TaxClass;
  taxRate?: number;
  taxAmount?: number;
}

interface StatusChange {
  status: string;
  at: string;
}

export interface OrderDetail extends OrderSummary {
  shipping: ShippingInfo;
  billing?: BillingInfo;
  items: OrderItem[];
  trackingNumber?: string;
  history?: StatusChange[];
  taxLines?: TaxLine[];
  pricesIncludeTax?: boolean;
  taxExempt?: boolean;
  invoicedAt?: string;
  creditNotes?: CreditNote[];
}

/** A numbered credit note of a refund. */
export interface CreditNote {
  id: string;
  number: string;
  amount: number;
  taxAmount: number;
  reason: string;
  createdAt: string;
}

export interface ShippingMethod {
  code: string;
  name: Localized;
  region: 'domestic' | 'international';
  amount: number;
  deliveryDays: string;
}

export interface ShippingMethods {
  homeCountry: string;
  freeShippingThreshold: number;
  methods: ShippingMethod[];
}

export const CONTACT_STATUSES = ['New', 'InProgress', 'Resolved', 'Closed'] as const;

/** An admin's reply to a contact request, e-mailed to the visitor. */
export interface ContactReply {
  id?: string;
  message: string;
  adminName: string;
  createdAt: string;
}

export interface ContactRequest {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: string;
  adminNotes?: string;
  createdAt: string;
  updatedAt?: string;
  replies?: ContactReply[];
}
