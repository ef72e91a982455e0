package wire

// The answers of the owner's settings: the store details (GET /api/shop),
// the information pages and the categories.

// Shop is the answer of GET /api/shop and PUT /api/admin/shop: the store
// details. logo is the stored image's file name (what the admin's form
// sends back); logoUrl is "" without one. legalName is the company the
// invoices name as the seller ("" : the shop's name).
type Shop struct {
	Name      string       `json:"name"`
	LegalName string       `json:"legalName"`
	LogoURL   string       `json:"logoUrl"`
	Logo      string       `json:"logo"`
	Email     string       `json:"email"`
	Phone     string       `json:"phone"`
	Address   string       `json:"address"`
	Hours     Localized    `json:"hours"`
	Hero      Hero         `json:"hero"`
	Social    []SocialLink `json:"social"`
	// TimeZone is the IANA zone of the shop's calendar (hire dates, the
	// bookings calendar), America/Chicago unless the owner chose another.
	TimeZone string `json:"timeZone"`
	// Today is the shop's calendar date in TimeZone when the answer was
	// made (YYYY-MM-DD); empty in the copy a page's first screen carries.
	Today string `json:"today"`
}

// Hero is the home's title and text, by language.
type Hero struct {
	Title Localized `json:"title"`
	Text  Localized `json:"text"`
}

// SocialLink is a link to one of the shop's pages elsewhere.
type SocialLink struct {
	Kind string `json:"kind" tstype:"'facebook' | 'instagram' | 'youtube' | 'x' | 'tiktok' | 'linkedin' | 'vk' | 'telegram' | 'wechat' | 'weibo' | 'website'"`
	URL  string `json:"url"`
}

// PageSummary is an information page in GET /api/pages: its slug (its
// address) and title, in the footer's order.
type PageSummary struct {
	Slug  string    `json:"slug"`
	Title Localized `json:"title"`
}

// InfoPage is GET /api/pages/{slug}: the title and the sanitized HTML body,
// by language.
type InfoPage struct {
	Slug  string    `json:"slug"`
	Title Localized `json:"title"`
	Body  Localized `json:"body"`
}

// AdminPage is a page as /admin/pages edits it: the Markdown source by
// language beside the sanitized body, and the footer's order.
type AdminPage struct {
	Slug      string    `json:"slug"`
	Title     Localized `json:"title"`
	Source    Localized `json:"source"`
	Body      Localized `json:"body"`
	SortOrder int       `json:"sortOrder"`
	UpdatedAt string    `json:"updatedAt"`
}

// PaymentTaxSettings is GET|PUT /api/admin/settings/payments: the payment
// methods, the bank details and invoice terms (payment_settings) and the
// tax settings (shop_settings). The Stripe keys are never in it: cardReady
// says whether card payments can be taken, stripeKeys where the keys come
// from ("environment", "dashboard" or "missing"); both are read-only.
type PaymentTaxSettings struct {
	PricesIncludeTax    bool   `json:"pricesIncludeTax"`
	TaxShipping         bool   `json:"taxShipping"`
	SellerTaxID         string `json:"sellerTaxId"`
	CardEnabled         bool   `json:"cardEnabled"`
	BankTransferEnabled bool   `json:"bankTransferEnabled"`
	InvoiceEnabled      bool   `json:"invoiceEnabled"`
	BankDetails         string `json:"bankDetails"`
	InvoiceTermsDays    int    `json:"invoiceTermsDays"`
	HoldMinutes         int    `json:"holdMinutes"`
	MaxUnitsPerLine     int    `json:"maxUnitsPerLine"`
	TransferHoldDays    int    `json:"transferHoldDays"`
	CardReady           bool   `json:"cardReady"`
	StripeKeys          string `json:"stripeKeys" tstype:"'environment' | 'dashboard' | 'missing'"`
}

// AdminTaxRate is a tax rate in /api/admin/tax-rates: the rate a percentage
// (6.25), the region a US state's code or "".
type AdminTaxRate struct {
	ID       string `json:"id"`
	Country  string `json:"country"`
	Region   string `json:"region"`
	TaxClass string `json:"taxClass" tstype:"'standard' | 'reduced' | 'zero'"`
	Rate     Rate   `json:"rate"`
	Name     string `json:"name"`
}

// SearchSynonyms are the search synonyms an owner edits
// (GET|PUT /api/admin/search/synonyms): groups of words, each finding what
// any word of its group finds.
type SearchSynonyms struct {
	Groups [][]string `json:"groups"`
}
