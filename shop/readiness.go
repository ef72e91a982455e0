package shop

import (
	"net/mail"
	"strings"
	"sync/atomic"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/account"
	"stageshop/shop/catalog"
	"stageshop/shop/field"
	shopmail "stageshop/shop/mail"
	"stageshop/shop/site"
)

// The go-live checklist (issue 44, GET /api/admin/readiness): what a shop
// still has of the demo, or lacks, before it opens. Each item links to the
// screen where it is fixed.

// Readiness keys, in the checklist's order.
const (
	ReadyMailServer   = "mail_server"
	ReadySender       = "sender"
	ReadyBankDetails  = "bank_details"
	ReadyCardPayments = "card_payments"
	ReadyStoreDetails = "store_details"
	ReadyLegalPages   = "legal_pages"
	ReadyDemoContent  = "demo_content"
)

// DemoAdminEmail is the demo admin `make run` creates (the Makefile's
// DEMO_ADMIN_EMAIL); the checklist wants it gone.
const DemoAdminEmail = "admin@stageshop.local"

// demoBankMark is in the demo's bank details (the migration's text).
const demoBankMark = "(set in Admin > Settings > Payments & tax)"

// legalPages are the pages every shop must word itself.
var legalPages = []string{"privacy", "terms", "returns"}

// ReadinessItem is one line of the checklist: ok, and where it is fixed.
type ReadinessItem struct {
	Key  string `json:"key"`
	OK   bool   `json:"ok"`
	Link string `json:"link"`
}

// Readiness is the answer of GET /api/admin/readiness.
type Readiness struct {
	Items []ReadinessItem `json:"items"`
}

var demoProducts atomic.Pointer[[]string]

// UseDemoProducts tells the checklist the English names of the demo
// catalog's products (the seed command's), which a shop should not open with.
func UseDemoProducts(names []string) { demoProducts.Store(&names) }

// CheckReadiness answers the checklist as the shop is now.
func CheckReadiness(app core.App) (*Readiness, error) {
	store, err := site.LoadStoreDetails(app)
	if err != nil {
		return nil, err
	}
	pay, err := LoadPaymentSettings(app)
	if err != nil {
		return nil, err
	}
	mailOK, err := mailServerReady(app)
	if err != nil {
		return nil, err
	}
	legalOK, err := legalPagesEdited(app)
	if err != nil {
		return nil, err
	}
	demoGone, err := demoContentGone(app)
	if err != nil {
		return nil, err
	}
	_, cardErr := cardProvider(app, pay)
	bank := strings.TrimSpace(pay.BankDetails)
	from := store.Email
	if from == "" {
		from = app.Settings().Meta.SenderAddress
	}
	return &Readiness{Items: []ReadinessItem{
		{ReadyMailServer, mailOK, "/_/#/settings/mail"},
		{ReadySender, strings.TrimSpace(store.Name) != "" && realAddress(from), "/admin/settings"},
		{ReadyBankDetails, !pay.BankTransferEnabled || (bank != "" && !strings.Contains(bank, demoBankMark)), "/admin/settings/payments"},
		{ReadyCardPayments, cardErr == nil, "/admin/settings/payments"},
		{ReadyStoreDetails, store.Name != "" && store.Email != "" && store.Phone != "" && store.Address != "", "/admin/settings"},
		{ReadyLegalPages, legalOK, "/admin/pages"},
		{ReadyDemoContent, demoGone, "/admin"},
	}}, nil
}

// mailServerReady: SMTP is set and an e-mail went out through it.
func mailServerReady(app core.App) (bool, error) {
	smtp := app.Settings().SMTP
	if !smtp.Enabled || strings.TrimSpace(smtp.Host) == "" {
		return false, nil
	}
	n, err := app.CountRecords(shopmail.Collection, dbx.HashExp{"status": "sent"})
	return n > 0, err
}

// realAddress reports whether address is a well-formed address outside the
// names reserved for examples and tests (RFC 2606, RFC 6761).
func realAddress(address string) bool {
	a, err := mail.ParseAddress(address)
	if err != nil {
		return false
	}
	domain := strings.ToLower(a.Address[strings.LastIndexByte(a.Address, '@')+1:])
	for _, reserved := range []string{"example.com", "example.org", "example.net"} {
		if domain == reserved || strings.HasSuffix(domain, "."+reserved) {
			return false
		}
	}
	for _, tld := range []string{".example", ".test", ".invalid", ".localhost", ".local"} {
		if strings.HasSuffix(domain, tld) || domain == tld[1:] {
			return false
		}
	}
	return true
}

// legalPagesEdited: privacy, terms and returns exist and each was saved
// after the migration wrote its demo text.
func legalPagesEdited(app core.App) (bool, error) {
	var n int
	err := app.DB().Select("COUNT(*)").From(site.PagesCollection).
		Where(dbx.In("slug", field.AnySlice(legalPages)...)).AndWhere(dbx.NewExp("updated > created")).Row(&n)
	return n == len(legalPages), err
}

// demoContentGone: no product of the demo catalog and no demo admin.
func demoContentGone(app core.App) (bool, error) {
	if names := demoProducts.Load(); names != nil && len(*names) > 0 {
		n, err := app.CountRecords(catalog.ProductsCollection, dbx.In("name", field.AnySlice(*names)...))
		if err != nil || n > 0 {
			return false, err
		}
	}
	n, err := app.CountRecords(account.UsersCollection, dbx.HashExp{"email": DemoAdminEmail})
	return n == 0, err
}
