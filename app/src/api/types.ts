/**
 * Shapes of docs/api.md. The answers are generated from the Go answer types (wire.gen.ts, see
 * shop/wire/typescript_test.go): a field renamed on the server fails the app's type check.
 * What is the app's own (the lenient Localized it reads, sorts, status lists) is written here.
 */

export type {
  AdminUser,
  Category,
  Cart,
  CartItem,
  ContactReply,
  ContactRequest,
  ContactRequestList,
  ContactSent,
  ContactStats,
  DayFigures,
  EmailDetail,
  EmailList,
  EmailSummary,
  LoginAnswer,
  MergedCart,
  MergeReport,
  Message,
  OrderDetail,
  OrderSummary,
  Overview,
  BillingInfo,
  CreditNote,
  PageHead,
  Payment,
  PaymentMethods,
  PostalAddress,
  Product,
  ProductFacets,
  ProductList,
  ProductOption,
  ProductSuggestion,
  ProductVariant,
  Promotion,
  Quote,
  QuoteDiff,
  Return,
  RefundQuote,
  Discount,
  RoleChangeList,
  SavedAddress,
  ShippingInfo,
  ShippingMethod,
  ShippingMethods,
  AdminPage,
  AdminTaxRate,
  InfoPage,
  PageSummary,
  PaymentTaxSettings,
  SearchSynonyms,
  Shop,
  SocialLink,
  ShippingSettings,
  ShippingZone,
  ZoneMethod,
  TaxEstimate,
  TaxRow,
  UploadedImage,
  User,
  UserAnswer,
  UserList,
  Webhook,
  WebhookDelivery,
} from './wire.gen';

/** A localized text as the app accepts it: an object by language, a JSON string of one, or plain text. */
export type Localized = Record<string, string> | string | null | undefined;

/** relevance: a search's own order, its default (shop.Sort* and routes' sortRelevance). */
export type ProductSort = 'relevance' | 'newest' | 'name_asc' | 'name_desc' | 'price_asc' | 'price_desc';

export const ORDER_STATUSES = ['Created', 'Processing', 'Processed', 'Shipped', 'Delivered', 'Cancelled'] as const;

export const PAYMENT_METHODS = ['card', 'bank_transfer', 'invoice'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_STATUSES = ['pending', 'awaiting_payment', 'partially_paid', 'paid', 'partially_refunded', 'refunded', 'expired'] as const;

export const CONTACT_STATUSES = ['New', 'InProgress', 'Resolved', 'Closed'] as const;

/** A product's tax class: which rates apply to it (shop.TaxClasses). */
export const TAX_CLASSES = ['standard', 'reduced', 'zero'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];
