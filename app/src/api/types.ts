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
  /** An admin approved the customer for paying on invoice (0 days: the shop's default terms). */
  invoiceAllowed?: boolean;
  invoiceTermsDays?: number;
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

export interface Cart {
  id: string;
  items: CartItem[];
  totalPrice: number;
  totalItems: number;
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
  totalAmount: number;
  itemCount: number;
  status: string;
  createdAt: string;
  payment?: Payment;
}

export const PAYMENT_METHODS = ['card', 'bank_transfer', 'invoice'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_STATUSES = ['pending', 'awaiting_payment', 'partially_paid', 'paid', 'partially_refunded', 'refunded', 'expired'] as const;
type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** An order's payment beside its fulfilment status (docs/api.md, Payments). */
export interface Payment {
  method: PaymentMethod;
  status: PaymentStatus;
  amountDue: number;
  amountPaid: number;
  amountRefunded: number;
  paidAt: string;
  dueDate: string;
  poNumber: string;
  reference: string;
  holdUntil?: string;
  flag?: string;
  events?: PaymentEvent[];
  attempts?: { provider: string; reference: string; amount: number; status: string; createdAt: string }[];
  refunds?: Refund[];
}

interface PaymentEvent {
  type: string;
  amount: number;
  at: string;
  by?: string;
  note?: string;
}

interface Refund {
  id: string;
  amount: number;
  status: 'requested' | 'pending' | 'succeeded' | 'failed';
  provider: string;
  reason?: string;
  by?: string;
  surplus?: boolean;
  createdAt: string;
}

export interface PaymentMethods {
  methods: { code: PaymentMethod; enabled: boolean }[];
  bankDetails?: string;
  invoiceTermsDays?: number;
  holdMinutes: number;
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

export type BillingInfo = Omit<ShippingInfo, 'phone' | 'email'>;

interface OrderItem {
  id: string;
  productId: string;
  productName: Localized;
  productImage: string;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
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
  /** The hosted payment page of a new card order; paymentError says why there is none. */
  checkoutUrl?: string;
  paymentError?: string;
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
