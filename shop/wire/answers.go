package wire

// The answers routes/ builds itself (shop's own are in shop_answers.go).
// Fields are in the order the contract's maps used to write them, so the
// bytes stay the same. typescript_test.go writes the app's types from these.

// Message is an answer that only says what happened.
type Message struct {
	Message string `json:"message"`
}

// User is the contract's user object. lastLoginAt is null until the first
// login.
type User struct {
	ID        string   `json:"id"`
	Email     string   `json:"email"`
	FirstName string   `json:"firstName"`
	LastName  string   `json:"lastName"`
	Language  string   `json:"language" tstype:"'en' | 'ru' | 'zh'"`
	Roles     []string `json:"roles"`
	IsAdmin   bool     `json:"isAdmin"`
	// Permissions are what the user's roles grant (routes/permissions.go),
	// for the app to show each staff member only their screens.
	Permissions []string `json:"permissions" tstype:"('orders.read' | 'orders.status' | 'orders.write' | 'refunds' | 'returns' | 'customers.read' | 'customers.write' | 'catalog.read' | 'catalog.write' | 'promotions' | 'contact' | 'emails' | 'overview' | 'settings' | 'payments.settings' | 'roles' | 'apikeys' | 'webhooks' | 'audit')[]"`
	CreatedAt   string   `json:"createdAt"`
	LastLoginAt *string  `json:"lastLoginAt"`
	// CompanyName and TaxID are a business customer's, printed on invoices.
	CompanyName string `json:"companyName"`
	TaxID       string `json:"taxId"`
	// TaxExempt is set by admins (a reseller certificate): no tax on the user's orders.
	TaxExempt bool `json:"taxExempt"`
	// InvoiceAllowed: an admin approved the customer for paying on invoice,
	// on InvoiceTermsDays days' terms (0: the shop's default).
	InvoiceAllowed   bool `json:"invoiceAllowed"`
	InvoiceTermsDays int  `json:"invoiceTermsDays"`
}

// LoginAnswer is the answer of POST /api/auth/login: the token pair and the
// user, side by side.
type LoginAnswer struct {
	Token        string `json:"token"`
	RefreshToken string `json:"refreshToken"`
	User
}

// UserAnswer is the answer of register and of a profile change; a change of
// e-mail or password also hands out a new token pair.
type UserAnswer struct {
	Message      string `json:"message"`
	RefreshToken string `json:"refreshToken,omitempty"`
	Token        string `json:"token,omitempty"`
	User         User   `json:"user"`
}

// AdminUser is a user as the admin's customer list shows it, with the
// user's orders.
type AdminUser struct {
	User
	OrdersCount int    `json:"ordersCount"`
	TotalSpent  Amount `json:"totalSpent"`
}

// AdminUserPage is the answer of GET /api/admin/users.
type AdminUserPage struct {
	Users      []AdminUser `json:"users"`
	Pagination Page        `json:"pagination"`
}

// Product is the contract's product object.
type Product struct {
	ID                   string             `json:"id"`
	Name                 string             `json:"name"`
	NameLocalized        Localized          `json:"nameLocalized"`
	Description          string             `json:"description"`
	DescriptionLocalized Localized          `json:"descriptionLocalized"`
	Category             string             `json:"category"`
	CategoryID           string             `json:"categoryId,omitempty"`
	Price                Amount             `json:"price"`
	StockQuantity        int64              `json:"stockQuantity"`
	IsActive             bool               `json:"isActive"`
	ImageFileName        string             `json:"imageFileName"`
	ImageFileNames       []string           `json:"imageFileNames"`
	Attributes           []ProductAttribute `json:"attributes"`
	TaxClass             string             `json:"taxClass" tstype:"'standard' | 'reduced' | 'zero'"`
	WeightKg             Grams              `json:"weightKg,omitempty"`
	FreightOnly          bool               `json:"freightOnly,omitempty"`
	// The manufacturer's identifiers and the owner's texts for search
	// engines by language (issue 50), when set.
	Brand          string    `json:"brand,omitempty"`
	MPN            string    `json:"mpn,omitempty"`
	GTIN           string    `json:"gtin,omitempty"`
	SEOTitle       Localized `json:"seoTitle,omitempty"`
	SEODescription Localized `json:"seoDescription,omitempty"`
	CreatedAt      string    `json:"createdAt"`
	UpdatedAt      string    `json:"updatedAt"`
	// Options and the variants' summary: price, stockQuantity and
	// compareAtPrice (null without one) are the default variant's; priceFrom
	// and priceTo the range of the active variants; inStock and onSale
	// whether any active variant is.
	Options          []ProductOption `json:"options"`
	DefaultVariantID string          `json:"defaultVariantId"`
	CompareAtPrice   *Amount         `json:"compareAtPrice"`
	PriceFrom        Amount          `json:"priceFrom"`
	PriceTo          Amount          `json:"priceTo"`
	InStock          bool            `json:"inStock"`
	OnSale           bool            `json:"onSale"`
	VariantCount     int             `json:"variantCount"`
	// Variants is in one product's answer only (not in lists), in the
	// admin's order: the active ones for shoppers, all for admins.
	Variants []ProductVariant `json:"variants,omitempty"`
	// Hire is the product's hire terms (api.md "Hire"): in one product's
	// answer always, in lists only for a product for hire (left out: for
	// sale, not for hire). Kit lists a kit's components; HireRates and
	// HireQuantity are the default variant's, in one product's answer.
	Hire         *ProductHire   `json:"hire,omitempty"`
	Kit          []KitComponent `json:"kit,omitempty"`
	HireRates    *HireRates     `json:"hireRates,omitempty"`
	HireQuantity *int           `json:"hireQuantity,omitempty"`
	// WaitingAlerts is in admin answers only: how many shoppers wait for it.
	WaitingAlerts *int `json:"waitingAlerts,omitempty"`
	// StockTotal and VariantsSoldOut are in admin lists only: the active
	// variants' summed stock and how many of them are sold out.
	StockTotal      *int64 `json:"stockTotal,omitempty"`
	VariantsSoldOut *int   `json:"variantsSoldOut,omitempty"`
}

// ProductOption is a way a product varies (Length), with its values.
type ProductOption struct {
	Name          string               `json:"name"`
	NameLocalized Localized            `json:"nameLocalized"`
	Values        []ProductOptionValue `json:"values"`
}

// ProductOptionValue is one value of an option (10 m).
type ProductOptionValue struct {
	Value          string    `json:"value"`
	ValueLocalized Localized `json:"valueLocalized"`
}

// ProductVariant is one buyable version of a product: optionValues are the
// English values, one per option in the options' order; imageFileNames its
// own pictures (empty: the product's); compareAtPrice null without one.
// WaitingAlerts is in admin answers only.
type ProductVariant struct {
	ID             string   `json:"id"`
	SKU            string   `json:"sku"`
	OptionValues   []string `json:"optionValues"`
	Price          Amount   `json:"price"`
	CompareAtPrice *Amount  `json:"compareAtPrice"`
	StockQuantity  int64    `json:"stockQuantity"`
	IsActive       bool     `json:"isActive"`
	ImageFileNames []string `json:"imageFileNames"`
	// HireRates and HireQuantity (the hire fleet, apart from
	// stockQuantity): api.md "Hire".
	HireRates    *HireRates `json:"hireRates,omitempty"`
	HireQuantity *int       `json:"hireQuantity,omitempty"`
}

// ProductHire is a product's hire terms: for hire, for sale, the deposit
// per unit, the free days between two hires, the shortest hire and how
// many days ahead a hire starts at the earliest.
type ProductHire struct {
	Enabled     bool   `json:"enabled"`
	SaleEnabled bool   `json:"saleEnabled"`
	Deposit     Amount `json:"deposit"`
	BufferDays  int    `json:"bufferDays"`
	MinDays     int    `json:"minDays"`
	LeadDays    int    `json:"leadDays"`
}

// HireRates are a variant's hire rates; weekend and week are null when
// the variant has none.
type HireRates struct {
	Day     Amount  `json:"day"`
	Weekend *Amount `json:"weekend"`
	Week    *Amount `json:"week"`
}

// KitComponent is one component of a kit: quantity units of a product's
// variant ("" for its default) per kit, named as the component's product
// (in one product's answer).
type KitComponent struct {
	ProductID     string    `json:"productId"`
	VariantID     string    `json:"variantId"`
	Quantity      int       `json:"quantity"`
	Name          string    `json:"name,omitempty"`
	NameLocalized Localized `json:"nameLocalized,omitempty"`
}

// ProductAttribute is one specification row, localized texts always objects.
type ProductAttribute struct {
	Key            string    `json:"key"`
	KeyLocalized   Localized `json:"keyLocalized"`
	Value          string    `json:"value"`
	ValueLocalized Localized `json:"valueLocalized"`
}

// ProductList is one page of the catalog; a search or facets=1 adds the
// filter counts, a search that found nothing a close spelling that would.
type ProductList struct {
	Pagination Page           `json:"pagination"`
	Products   []Product      `json:"products"`
	Facets     *ProductFacets `json:"facets,omitempty"`
	DidYouMean string         `json:"didYouMean,omitempty"`
}

// ProductFacets are a list's filter counts: products per category, the
// price range and how many are in stock, each under the other filters.
type ProductFacets struct {
	Categories map[string]int `json:"categories"`
	Price      PriceRange     `json:"price"`
	InStock    int            `json:"inStock"`
}

// PriceRange is the lowest and the highest price of a list.
type PriceRange struct {
	Min Amount `json:"min"`
	Max Amount `json:"max"`
}

// ProductSuggestion is one product suggested as the shopper types, its
// name in the interface language.
type ProductSuggestion struct {
	ID            string    `json:"id"`
	Name          string    `json:"name"`
	NameLocalized Localized `json:"nameLocalized"`
	Price         Amount    `json:"price"`
	ImageFileName string    `json:"imageFileName"`
	InStock       bool      `json:"inStock"`
}

// ProductSuggestions is the answer of GET /api/products/suggest.
type ProductSuggestions struct {
	Products []ProductSuggestion `json:"products"`
}

// ShippingMethod is one way to ship, priced for an order.
type ShippingMethod struct {
	Code         string    `json:"code"`
	Name         Localized `json:"name"`
	Region       string    `json:"region" tstype:"'domestic' | 'international'"`
	Amount       Amount    `json:"amount"`
	DeliveryDays string    `json:"deliveryDays"`
	// Freight says the method has no online price: the shop quotes the
	// shipping after the order is placed (Amount is 0).
	Freight bool `json:"freight,omitempty"`
}

// ShippingMethods is the answer of GET /api/shipping/methods.
type ShippingMethods struct {
	HomeCountry           string           `json:"homeCountry"`
	FreeShippingThreshold Amount           `json:"freeShippingThreshold"`
	Methods               []ShippingMethod `json:"methods"`
	// FreeShippingMissing is what the subtotal (the query's, or the cart's
	// with ?cart=1) still lacks for free shipping to the home country: 0
	// once it is reached, absent when the shop has no free shipping. The
	// app's "Add $53.40 for free US shipping" shows it as it is.
	FreeShippingMissing *Amount `json:"freeShippingMissing,omitempty"`
	// WeightKg is the cart's weight when the methods were priced for the
	// caller's cart (?cart=1), else 0; Freight says that cart ships only by
	// freight quoted separately.
	WeightKg Grams `json:"weightKg,omitempty"`
	Freight  bool  `json:"freight,omitempty"`
	// Zones are every zone with its methods, each with every weight band
	// and its free-shipping amount, when asked for (?zones=1: the public
	// shipping page); absent otherwise.
	Zones []ShippingZone `json:"zones,omitempty"`
}

// ContactSent is the answer of POST /api/contact.
type ContactSent struct {
	ID      string `json:"id"`
	Message string `json:"message"`
}

// UploadedImage is the answer of an admin's image upload.
type UploadedImage struct {
	FileName string `json:"fileName"`
	URL      string `json:"url"`
}

// PageHead is the answer of GET /api/head: the status and the <head>
// elements the server sends the page at an address with, for the app to
// put in place when it moves to that page by itself.
type PageHead struct {
	Status int    `json:"status"`
	Lang   string `json:"lang"`
	HTML   string `json:"html"` // the head's elements, each marked data-head
}

// Category is one of the catalog's categories (GET /api/categories): the
// English name is what products carry in `category`; imageUrl is "" without
// a picture; productCount counts the products shoppers see (admins: all).
// Hidden is true only in admin answers (shoppers never see hidden ones).
type Category struct {
	ID            string    `json:"id"`
	Slug          string    `json:"slug"`
	Name          string    `json:"name"`
	NameLocalized Localized `json:"nameLocalized"`
	SortOrder     int       `json:"sortOrder"`
	ImageFileName string    `json:"imageFileName"`
	ImageURL      string    `json:"imageUrl"`
	ProductCount  int       `json:"productCount"`
	Hidden        bool      `json:"hidden"`
}
