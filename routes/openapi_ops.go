package routes

import (
	"stageshop/internal/openapi"
	"stageshop/shop"
	"stageshop/shop/account"
	"stageshop/shop/cart"
	"stageshop/shop/catalog"
	"stageshop/shop/contact"
	"stageshop/shop/hire"
	"stageshop/shop/mail"
	"stageshop/shop/promo"
	"stageshop/shop/quote"
	"stageshop/shop/returns"
	"stageshop/shop/shipping"
	"stageshop/shop/site"
	"stageshop/shop/tax"
	"stageshop/shop/wire"
)

// apiOp is what the OpenAPI document says of one route beyond what the
// route walk gives (its path, method and guards): a summary, the Go types
// of its JSON body and answer, its query parameters and the statuses it
// answers besides the ones its guards and path give.
type apiOp struct {
	summary string
	body    any  // a value of the JSON request body's type
	optBody bool // the body may be left out
	rawBody *openapi.Content
	status  int // the success status; 200 when 0
	answer  any // a value of the JSON answer's type
	raw     *openapi.Content
	query   []openapi.Param
	errs    []int
}

// apiOps is the table of the document, keyed "METHOD /path" as the route
// is registered. TestOpenAPICoversEveryRoute fails on a route without a
// line and a line without a route.
var apiOps = map[string]apiOp{
	"GET /api/openapi.json": {summary: "This OpenAPI 3.1 document", raw: jsonAny},
	"GET /api/metrics": {summary: "Prometheus metrics (a superuser or the metrics token)",
		raw: &openapi.Content{MediaType: "text/plain", Schema: textSchema}},
	"GET /api/head": {summary: "The head (title, meta tags) and status of an app page", answer: wire.PageHead{},
		query: []openapi.Param{{Name: "path", Description: "The page's path and query"}}},

	// Auth
	"POST /api/auth/register":         {summary: "Create an account", body: account.RegisterInput{}, status: 201, answer: wire.UserAnswer{}, errs: []int{409, 429}},
	"POST /api/auth/login":            {summary: "Sign in", body: account.LoginInput{}, answer: wire.LoginAnswer{}, errs: []int{401, 429}},
	"POST /api/auth/refresh":          {summary: "Trade a refresh token for a new token pair", body: account.RefreshInput{}, answer: account.TokenPair{}, errs: []int{401}},
	"POST /api/auth/logout":           {summary: "Sign out (one session family, or every one)", body: account.RefreshInput{}, optBody: true, answer: wire.Message{}},
	"GET /api/auth/profile":           {summary: "The signed-in user", answer: wire.User{}},
	"PUT /api/auth/profile":           {summary: "Change names, e-mail, language or password", body: account.ProfileInput{}, answer: wire.UserAnswer{}, errs: []int{409, 429}},
	"POST /api/auth/forgot-password":  {summary: "E-mail a password reset link", body: account.ForgotInput{}, status: 202, answer: wire.Message{}, errs: []int{429}},
	"POST /api/auth/reset-password":   {summary: "Set a new password with a reset token", body: account.ResetInput{}, answer: wire.Message{}},
	"GET /api/auth/addresses":         {summary: "The user's saved addresses", answer: []account.SavedAddress{}},
	"POST /api/auth/addresses":        {summary: "Save an address", body: account.AddressInput{}, status: 201, answer: account.SavedAddress{}, errs: []int{409}},
	"PUT /api/auth/addresses/{id}":    {summary: "Change a saved address", body: account.AddressInput{}, answer: account.SavedAddress{}},
	"DELETE /api/auth/addresses/{id}": {summary: "Delete a saved address", answer: wire.Message{}},

	// Catalog
	"GET /api/products": {summary: "A page of products (filters, sort, search with facets)", answer: wire.ProductList{}, errs: []int{429},
		query: []openapi.Param{
			{Name: "category"}, {Name: "page", Type: "integer"}, {Name: "pageSize", Type: "integer", Description: "20 by default, at most 100"},
			{Name: "sort", Enum: []string{"newest", "name_asc", "name_desc", "price_asc", "price_desc", "relevance"}},
			{Name: "search", Description: "Words matched in every language"}, {Name: "minPrice", Type: "number"}, {Name: "maxPrice", Type: "number"},
			{Name: "inStock", Type: "boolean"}, {Name: "onSale", Type: "boolean"}, {Name: "facets", Type: "boolean"}, {Name: "lang"},
			{Name: "includeInactive", Type: "boolean", Description: "Staff with catalog.read only"},
		}},
	"GET /api/products/categories": {summary: "The category names", answer: []string{}},
	"GET /api/products/suggest": {summary: "Products suggested for a few typed letters", answer: wire.ProductSuggestions{}, errs: []int{429},
		query: []openapi.Param{{Name: "q", Description: "The text typed"}, {Name: "lang"}}},
	"GET /api/products/{id}":    {summary: "One product with its variants", answer: wire.Product{}},
	"POST /api/products":        {summary: "Create a product", body: catalog.ProductInput{}, status: 201, answer: wire.Product{}},
	"PUT /api/products/{id}":    {summary: "Change a product", body: catalog.ProductInput{}, answer: wire.Product{}, errs: []int{409}},
	"DELETE /api/products/{id}": {summary: "Delete a product", answer: wire.Message{}},
	"GET /api/products/{id}/availability": {summary: "A hire product's free units by day, and the quote of a hire", answer: wire.Availability{},
		query: []openapi.Param{{Name: "variantId"}, {Name: "from", Description: "YYYY-MM-DD"}, {Name: "to", Description: "YYYY-MM-DD"},
			{Name: "start", Description: "YYYY-MM-DD"}, {Name: "end", Description: "YYYY-MM-DD"}, {Name: "quantity", Type: "integer"}}},
	"POST /api/products/{id}/stock-alerts": {summary: "Ask for an e-mail when a product is back in stock", body: shop.AlertInput{}, status: 201, answer: wire.Message{}, errs: []int{429}},
	"POST /api/upload/image": {summary: "Upload a product image (multipart, field file)", status: 201, answer: wire.UploadedImage{}, errs: []int{413},
		rawBody: &openapi.Content{MediaType: "multipart/form-data", Schema: fileField}},
	"GET /api/categories":                {summary: "The categories shown in the shop", answer: []catalog.Category{}},
	"GET /api/admin/categories":          {summary: "Every category, hidden ones too", answer: []catalog.Category{}},
	"POST /api/admin/categories":         {summary: "Create a category", body: catalog.CategoryInput{}, status: 201, answer: catalog.Category{}, errs: []int{409}},
	"PUT /api/admin/categories/{id}":     {summary: "Change a category", body: catalog.CategoryInput{}, answer: catalog.Category{}, errs: []int{409}},
	"DELETE /api/admin/categories/{id}":  {summary: "Delete a category, moving its products", answer: wire.Message{}, errs: []int{409}, query: []openapi.Param{{Name: "moveTo", Description: "The category id its products move to"}}},
	"GET /api/admin/products/export.csv": {summary: "Every product as CSV", raw: csvAnswer},
	"POST /api/admin/products/import": {summary: "Import products from CSV (body or multipart field file)", answer: catalog.ImportResult{}, errs: []int{413},
		rawBody: &openapi.Content{MediaType: "text/csv", Schema: textSchema}, query: []openapi.Param{{Name: "dryRun", Type: "boolean"}}},
	"GET /api/admin/products/import/progress": {summary: "The progress of the running import", answer: catalog.ImportProgress{}},
	"GET /api/admin/search/synonyms":          {summary: "The search synonym groups", answer: wire.SearchSynonyms{}},
	"PUT /api/admin/search/synonyms":          {summary: "Replace the search synonym groups", body: wire.SearchSynonyms{}, answer: wire.SearchSynonyms{}},

	// Promotions and hire
	"GET /api/admin/promotions": {summary: "The promotions", answer: []wire.Promotion{},
		query: []openapi.Param{{Name: "productId"}, {Name: "categoryId"}}},
	"POST /api/admin/promotions":        {summary: "Create a promotion", body: promo.Terms{}, status: 201, answer: wire.Promotion{}, errs: []int{409}},
	"PUT /api/admin/promotions/{id}":    {summary: "Change a promotion", body: promo.Terms{}, answer: wire.Promotion{}, errs: []int{409}},
	"DELETE /api/admin/promotions/{id}": {summary: "Delete a promotion", answer: wire.Message{}},
	"GET /api/admin/bookings": {summary: "Hire bookings", answer: []hire.Booking{},
		query: []openapi.Param{{Name: "from"}, {Name: "to"}, {Name: "productId"}}},
	"PUT /api/admin/bookings/{id}": {summary: "Move a booking on (out, returned with fees, cancelled)", body: hire.Change{}, answer: hire.Booking{}, errs: []int{409}},

	// Cart
	"GET /api/cart": {summary: "The cart with its totals", answer: cart.Cart{},
		query: []openapi.Param{{Name: "country"}, {Name: "state"}, {Name: "shippingMethod"}}},
	"GET /api/cart/summary":       {summary: "The cart's item count and subtotal", answer: cart.Summary{}},
	"POST /api/cart/items":        {summary: "Add to the cart", body: cart.ItemInput{}, answer: cart.Cart{}, errs: []int{409, 429}},
	"PUT /api/cart/items/{id}":    {summary: "Change a cart line's quantity", body: cart.QuantityInput{}, answer: cart.Cart{}, errs: []int{409}},
	"DELETE /api/cart/items/{id}": {summary: "Remove a cart line", answer: cart.Cart{}},
	"DELETE /api/cart":            {summary: "Empty the cart", answer: wire.Message{}},
	"POST /api/cart/merge":        {summary: "Merge a guest cart into the user's on sign-in", body: mergeBody{}, answer: cart.Merged{}},
	"POST /api/cart/discount":     {summary: "Put a promotion code on the cart", body: codeInput{}, answer: cart.Cart{}, errs: []int{409, 429}},
	"DELETE /api/cart/discount":   {summary: "Take the promotion code off the cart", answer: cart.Cart{}},
	"GET /api/shipping/methods":   {summary: "Shipping methods for a country, a subtotal or the cart", answer: wire.ShippingMethods{}, query: []openapi.Param{{Name: "country"}, {Name: "subtotal", Type: "number"}, {Name: "cart", Description: "1: for the caller's cart"}, {Name: "zones", Description: "1: every zone with its weight bands"}}},
	"GET /api/payments/methods":   {summary: "The payment methods offered", answer: shop.PaymentMethodsInfo{}},
	"POST /api/payments/stripe/webhook": {summary: "Stripe's events (signed with Stripe-Signature)", rawBody: &openapi.Content{MediaType: "application/json", Schema: map[string]any{"type": "object"}},
		answer: map[string]any{}},

	// Orders
	"POST /api/checkout/create-order":                              {summary: "Place an order from the cart", body: shop.OrderInput{}, status: 201, answer: shop.OrderDetail{}, errs: []int{409, 429}},
	"GET /api/checkout/orders":                                     {summary: "The user's orders", answer: []shop.OrderSummary{}},
	"GET /api/checkout/orders/{id}":                                {summary: "One of the user's orders", answer: shop.OrderDetail{}},
	"POST /api/checkout/orders/{id}/cancel":                        {summary: "Cancel an unshipped order", answer: shop.OrderDetail{}, errs: []int{409, 429}},
	"POST /api/checkout/orders/{id}/pay":                           {summary: "A new card checkout for an unpaid order", answer: wire.CheckoutURL{}, errs: []int{409}},
	"GET /api/checkout/orders/{id}/invoice":                        {summary: "The printable invoice (the user, staff, or ?token=)", raw: htmlAnswer, query: []openapi.Param{{Name: "lang"}, {Name: "token", Description: "A file token for a browser tab"}}},
	"GET /api/checkout/invoice-print.js":                           {summary: "The invoice page's print script", raw: jsAnswer},
	"GET /api/checkout/packing-slip-print.js":                      {summary: "The packing slip's print script", raw: jsAnswer},
	"POST /api/checkout/orders/{id}/returns":                       {summary: "Ask to return delivered items", body: returns.RequestInput{}, status: 201, answer: returns.Return{}, errs: []int{409}},
	"GET /api/checkout/orders/{id}/returns":                        {summary: "An order's returns", answer: []returns.Return{}},
	"GET /api/checkout/admin/orders":                               {summary: "Orders, filtered", answer: []shop.OrderSummary{}, query: orderQuery},
	"GET /api/checkout/admin/orders/export.csv":                    {summary: "Orders as CSV", raw: csvAnswer, query: orderQuery},
	"GET /api/checkout/admin/orders/shipping.csv":                  {summary: "Orders to ship as a carrier's CSV", raw: csvAnswer, query: orderQuery},
	"GET /api/checkout/admin/orders/{id}":                          {summary: "One order", answer: shop.OrderDetail{}},
	"PUT /api/checkout/admin/orders/{id}/status":                   {summary: "Set an order's status and tracking", body: shop.StatusUpdate{}, answer: shop.OrderDetail{}, errs: []int{409}},
	"POST /api/checkout/admin/orders/{id}/notes":                   {summary: "Add an internal note", body: shop.NoteInput{}, status: 201, answer: shop.OrderDetail{}},
	"POST /api/checkout/admin/orders/{id}/payments":                {summary: "Record a bank transfer or invoice payment", body: shop.PaymentForm{}, status: 201, answer: shop.OrderDetail{}, errs: []int{409}},
	"POST /api/checkout/admin/orders/{id}/shipping-quote":          {summary: "Quote freight for an order that waits for it", body: shop.QuoteInput{}, answer: shop.OrderDetail{}, errs: []int{409}},
	"POST /api/checkout/admin/orders/{id}/refunds":                 {summary: "Refund by lines or an amount", body: refundBody{}, status: 201, answer: shop.OrderDetail{}, errs: []int{409}},
	"POST /api/checkout/admin/orders/{id}/refunds/quote":           {summary: "What a refund by lines would be", body: returns.RefundLinesInput{}, answer: wire.RefundQuote{}, errs: []int{409}},
	"POST /api/checkout/admin/orders/{id}/refunds/{refundId}/sent": {summary: "Mark a manual refund as sent", answer: shop.OrderDetail{}, errs: []int{409}},
	"GET /api/checkout/admin/packing-slips/{id}":                   {summary: "The printable packing slip (staff, or ?token=)", raw: htmlAnswer, query: []openapi.Param{{Name: "lang"}, {Name: "token", Description: "A file token for a browser tab"}}},

	// Returns and quotes
	"GET /api/admin/returns":           {summary: "Returns", answer: []returns.Return{}, query: []openapi.Param{{Name: "status"}}},
	"GET /api/admin/returns/{id}":      {summary: "One return", answer: returns.Return{}},
	"PUT /api/admin/returns/{id}":      {summary: "Approve, receive (refund) or reject a return", body: returns.UpdateInput{}, answer: returns.Return{}, errs: []int{409}},
	"POST /api/quotes":                 {summary: "Ask for a quote", body: quote.RequestInput{}, status: 201, answer: quote.Quote{}, errs: []int{409}},
	"GET /api/quotes":                  {summary: "The user's quotes", answer: []quote.Quote{}},
	"GET /api/quotes/{id}":             {summary: "One of the user's quotes", answer: quote.Quote{}},
	"GET /api/quotes/{id}/document":    {summary: "The printable quote", raw: htmlAnswer},
	"POST /api/quotes/{id}/accept":     {summary: "Accept a sent quote: the order", body: quote.AcceptInput{}, status: 201, answer: shop.OrderDetail{}, errs: []int{409}},
	"POST /api/quotes/{id}/decline":    {summary: "Decline a quote", body: quote.DeclineInput{}, answer: quote.Quote{}, errs: []int{409}},
	"GET /api/admin/quotes":            {summary: "Quotes", answer: []quote.Quote{}, query: []openapi.Param{{Name: "status"}}},
	"GET /api/admin/quotes/{id}":       {summary: "One quote", answer: quote.Quote{}},
	"PUT /api/admin/quotes/{id}":       {summary: "Price a quote (a new revision)", body: quote.UpdateInput{}, answer: quote.Quote{}, errs: []int{409}},
	"POST /api/admin/quotes/{id}/send": {summary: "Send a quote to the customer", answer: quote.Quote{}, errs: []int{409}},

	// Contact
	"POST /api/contact/submit":                    {summary: "Send a message to the shop", body: contact.Input{}, status: 201, answer: wire.ContactSent{}, errs: []int{429}},
	"GET /api/contact/admin/requests":             {summary: "Contact requests", answer: contact.Page{}, query: append(pageParams, openapi.Param{Name: "status"})},
	"PUT /api/contact/admin/requests/{id}/status": {summary: "Set a contact request's status", body: contact.StatusInput{}, answer: contact.Request{}},
	"GET /api/contact/admin/stats":                {summary: "Contact requests by status", answer: contact.Stats{}},
	"DELETE /api/contact/admin/requests/{id}":     {summary: "Delete a contact request", answer: wire.Message{}},
	"POST /api/contact/admin/requests/{id}/reply": {summary: "Reply by e-mail", body: replyBody{}, status: 201, answer: contact.Request{}},

	// Staff
	"GET /api/admin/emails":                   {summary: "The e-mail outbox", answer: mail.Page{}, query: append(pageParams, openapi.Param{Name: "status"})},
	"GET /api/admin/emails/{id}":              {summary: "One e-mail with its text", answer: mail.Email{}},
	"POST /api/admin/emails/{id}/resend":      {summary: "Send an e-mail again", answer: mail.Email{}, errs: []int{409}},
	"GET /api/admin/webhooks":                 {summary: "Webhook endpoints", answer: []wire.Webhook{}},
	"POST /api/admin/webhooks":                {summary: "Add a webhook endpoint (its secret shown once)", body: wire.WebhookInput{}, status: 201, answer: wire.Webhook{}},
	"DELETE /api/admin/webhooks/{id}":         {summary: "Delete a webhook endpoint", status: 204},
	"GET /api/admin/webhooks/{id}/deliveries": {summary: "An endpoint's deliveries with their attempts", answer: []wire.WebhookDelivery{}},
	"POST /api/admin/webhooks/{id}/test":      {summary: "Send a test event now", answer: wire.WebhookDelivery{}},
	"GET /api/admin/api-keys":                 {summary: "API keys with their last use (never the key)", answer: []wire.APIKey{}},
	"POST /api/admin/api-keys":                {summary: "Make an API key (the key shown once)", body: wire.APIKeyInput{}, status: 201, answer: wire.APIKey{}},
	"DELETE /api/admin/api-keys/{id}":         {summary: "Revoke an API key at once", status: 204},
	"GET /api/admin/overview":                 {summary: "The dashboard's figures", answer: shop.Overview{}, query: []openapi.Param{{Name: "days", Type: "integer"}}},
	"GET /api/admin/readiness":                {summary: "What the shop still lacks to sell", answer: shop.Readiness{}},
	"GET /api/admin/users":                    {summary: "Customers and staff", answer: wire.AdminUserPage{}, query: append(pageParams, openapi.Param{Name: "search"})},
	"GET /api/admin/users/{id}/orders":        {summary: "A customer's orders", answer: []shop.OrderSummary{}},
	"PUT /api/admin/users/{id}/roles":         {summary: "Set a user's roles", body: account.RolesInput{}, answer: wire.User{}, errs: []int{409}},
	"PUT /api/admin/users/{id}/tax-exempt":    {summary: "Set a customer's tax exemption", body: account.TaxExemptInput{}, answer: wire.User{}},
	"PUT /api/admin/users/{id}/invoice-terms": {summary: "Approve a customer for invoice terms", body: shop.InvoiceTermsForm{}, answer: wire.User{}},
	"GET /api/admin/role-changes":             {summary: "The history of role changes", answer: account.RoleChangePage{}, query: pageParams},
	"GET /api/admin/audit": {summary: "The audit log, newest first", answer: wire.AuditPage{}, query: append(pageParams,
		openapi.Param{Name: "actor", Description: "The actor's id or part of its e-mail or name"},
		openapi.Param{Name: "action", Description: "One action, such as role.changed"},
		openapi.Param{Name: "target", Description: "The target's id or part of its label"},
		openapi.Param{Name: "from", Description: "YYYY-MM-DD or an RFC 3339 time"},
		openapi.Param{Name: "to", Description: "YYYY-MM-DD (the whole day) or an RFC 3339 time"})},

	// Shop settings and pages
	"GET /api/shop":                    {summary: "The shop's name, contact and look", answer: site.StoreDetails{}},
	"PUT /api/admin/shop":              {summary: "Change the shop's details", body: site.StoreInput{}, answer: site.StoreDetails{}},
	"GET /api/pages":                   {summary: "The information pages", answer: []site.PageSummary{}},
	"GET /api/pages/{slug}":            {summary: "One information page", answer: site.InfoPage{}},
	"GET /api/admin/pages":             {summary: "Every page, drafts too", answer: []site.AdminPage{}},
	"POST /api/admin/pages":            {summary: "Create a page", body: site.PageInput{}, status: 201, answer: site.AdminPage{}, errs: []int{409}},
	"PUT /api/admin/pages/{slug}":      {summary: "Change a page", body: site.PageInput{}, answer: site.AdminPage{}, errs: []int{409}},
	"DELETE /api/admin/pages/{slug}":   {summary: "Delete a page", answer: map[string]string{}},
	"GET /api/admin/settings/payments": {summary: "Payment and tax settings", answer: shop.PaymentTaxSettings{}},
	"PUT /api/admin/settings/payments": {summary: "Change payment and tax settings", body: shop.PaymentTaxSettings{}, answer: shop.PaymentTaxSettings{}},
	"GET /api/admin/tax-rates":         {summary: "Tax rates", answer: []tax.AdminRate{}},
	"POST /api/admin/tax-rates":        {summary: "Add a tax rate", body: tax.RateInput{}, status: 201, answer: tax.AdminRate{}, errs: []int{409}},
	"PUT /api/admin/tax-rates/{id}":    {summary: "Change a tax rate", body: tax.RateInput{}, answer: tax.AdminRate{}, errs: []int{409}},
	"DELETE /api/admin/tax-rates/{id}": {summary: "Delete a tax rate", answer: map[string]string{}},
	"GET /api/admin/shipping":          {summary: "Shipping zones, methods and rates", answer: wire.ShippingSettings{}},
	"PUT /api/admin/shipping":          {summary: "Replace the shipping settings", body: shipping.SettingsInput{}, answer: wire.ShippingSettings{}},
}

var (
	textSchema = map[string]any{"type": "string"}
	jsonAny    = &openapi.Content{MediaType: "application/json", Schema: map[string]any{"type": "object"}}
	csvAnswer  = &openapi.Content{MediaType: "text/csv", Schema: textSchema}
	htmlAnswer = &openapi.Content{MediaType: "text/html", Schema: textSchema}
	jsAnswer   = &openapi.Content{MediaType: "text/javascript", Schema: textSchema}
	fileField  = map[string]any{"type": "object", "required": []string{"file"},
		"properties": map[string]any{"file": map[string]any{"type": "string", "contentMediaType": "application/octet-stream"}}}
	pageParams = []openapi.Param{{Name: "page", Type: "integer"}, {Name: "pageSize", Type: "integer"}}
	orderQuery = append([]openapi.Param{{Name: "status"}, {Name: "search"}, {Name: "paymentMethod"}, {Name: "paymentStatus"},
		{Name: "from", Description: "YYYY-MM-DD"}, {Name: "to", Description: "YYYY-MM-DD"}, {Name: "lang"}}, pageParams...)
)
