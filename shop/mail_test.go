package shop_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/account"
	"stageshop/shop/cart"
	"stageshop/shop/contact"
	"stageshop/shop/mail"
	"stageshop/shop/site"
)

// sentMail is an outbox record as the tests read it.
type sentMail struct {
	Kind, To, Language, Subject, HTML, Text, Status string
}

// emailsOf returns the outbox's e-mails of one kind, oldest first.
func emailsOf(t *testing.T, app core.App, kind string) []sentMail {
	t.Helper()
	recs, err := app.FindRecordsByFilter(mail.Collection, "kind = {:k}", "created", 0, 0, dbx.Params{"k": kind})
	if err != nil {
		t.Fatal(err)
	}
	out := make([]sentMail, 0, len(recs))
	for _, r := range recs {
		e, err := mail.Get(app, r.Id) // rendered as the worker sends it
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, sentMail{e.Kind, e.To, e.Language, e.Subject, e.HTML, e.Text, e.Status})
	}
	return out
}

// one returns the only e-mail of kind, failing the test otherwise.
func one(t *testing.T, app core.App, kind string) sentMail {
	t.Helper()
	list := emailsOf(t, app, kind)
	if len(list) != 1 {
		t.Fatalf("%s: %d e-mails, want 1", kind, len(list))
	}
	return list[0]
}

// has checks that both the HTML and the text part say every fact.
func has(t *testing.T, m sentMail, facts ...string) {
	t.Helper()
	for _, f := range facts {
		if !strings.Contains(m.Text, f) {
			t.Errorf("%s (%s) text lacks %q:\n%s", m.Kind, m.Language, f, m.Text)
		}
		if !strings.Contains(m.HTML, htmlEscape(f)) {
			t.Errorf("%s (%s) HTML lacks %q", m.Kind, m.Language, f)
		}
	}
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;").Replace(s)
}

// phrases are words of each language the e-mails must use; prefix is
// where the language's pages are (every link of its e-mails goes there).
var phrases = map[string]map[string]string{
	"en": {"placed": "Thank you for your order", "shipped": "has shipped", "tracking": "Tracking number", "delivered": "has been delivered",
		"cancelled": "has been cancelled", "promise": "within 24 hours", "reply": "Our reply", "stock": "is back in stock", "total": "Total",
		"subtotal": "Subtotal", "intlStandard": "International standard", "unit": "$1,299.90", "line": "$2,599.80",
		"ship": "$49.99", "sum": "$2,649.79", "country": "United Kingdom", "welcome": "Welcome to StageShop",
		"prefix": ""},
	"ru": {"placed": "Спасибо за заказ", "shipped": "отправлен", "tracking": "Трек-номер", "delivered": "доставлен",
		"cancelled": "отменён", "promise": "в течение 24 часов", "reply": "Наш ответ", "stock": "снова в наличии", "total": "Итого",
		"subtotal": "Товары", "intlStandard": "Международная стандартная", "unit": "1\u00a0299,90\u00a0$", "line": "2\u00a0599,80\u00a0$",
		"ship": "49,99\u00a0$", "sum": "2\u00a0649,79\u00a0$", "country": "Великобритания", "welcome": "Добро пожаловать в StageShop",
		"prefix": "/ru"},
	"zh": {"placed": "感谢您的订购", "shipped": "已发货", "tracking": "物流单号", "delivered": "已送达",
		"cancelled": "已取消", "promise": "24 小时内", "reply": "我们的回复", "stock": "已到货", "total": "合计",
		"subtotal": "商品小计", "intlStandard": "国际标准配送", "unit": "US$1,299.90", "line": "US$2,599.80",
		"ship": "US$49.99", "sum": "US$2,649.79", "country": "英国", "welcome": "欢迎来到 StageShop",
		"prefix": "/zh"},
}

var productNames = map[string]string{"en": "Moving Head Spot", "ru": "Прожектор с вращающейся головой", "zh": "摇头聚光灯"}

func TestEveryEmailKindInEveryLanguage(t *testing.T) {
	for _, lang := range []string{"en", "ru", "zh"} {
		t.Run(lang, func(t *testing.T) { checkEmailsIn(t, lang) })
	}
}

func checkEmailsIn(t *testing.T, lang string) {
	app := testapp.New(t)
	testapp.SetAppURL(t, app, "https://shop.example")
	words := phrases[lang]
	admin := testapp.NewUser(t, app, true)
	customer := testapp.NewUser(t, app, false)
	for _, u := range []*core.Record{admin.Record, customer.Record} {
		u.Set("language", lang)
		if err := app.Save(u); err != nil {
			t.Fatal(err)
		}
	}
	p := testapp.NewProduct(t, app, testapp.Product{Name: productNames["en"], NameLocalized: productNames, PriceCents: 129990, Stock: 5})
	if _, err := cart.Add(app, cart.Owner{UserID: customer.ID()}, p.Id, "", 2); err != nil {
		t.Fatal(err)
	}
	order, err := shop.PlaceOrder(app, customer.ID(), validInput())
	if err != nil {
		t.Fatal(err)
	}

	// The account is written to, never the shipping e-mail (ada@example.com),
	// which anyone can set to any address (issue 27, 3).
	placed := one(t, app, mail.KindOrderPlaced)
	if placed.To != customer.Record.Email() || placed.Language != lang || placed.Status != mail.StatusQueued ||
		!strings.Contains(placed.Subject, order.OrderNumber) {
		t.Fatalf("order confirmation: %+v", placed.Subject)
	}
	// Prices as the reader writes them, the country by its name in the reader's language.
	has(t, placed, words["placed"], order.OrderNumber, productNames[lang], words["unit"], words["line"], words["total"],
		"1 Stage St", "London", words["country"], "https://shop.example"+phrases[lang]["prefix"]+"/account/orders")
	// Subtotal, the shipping method and its price, and the total with shipping, as the order stored them.
	has(t, placed, words["subtotal"], words["intlStandard"], words["ship"], words["sum"])
	linksAreLinks(t, placed, "https://shop.example"+phrases[lang]["prefix"]+"/contact")
	notice := one(t, app, mail.KindOrderAdmin)
	if notice.To != admin.Record.Email() || notice.Language != lang || !strings.Contains(notice.Subject, order.OrderNumber) {
		t.Fatalf("admin notice: %+v", notice.Subject)
	}
	has(t, notice, "Ada Lovelace", customer.Record.Email(), words["line"], "https://shop.example"+phrases[lang]["prefix"]+"/admin/orders")
	// Bank transfer (the default method): the confirmation says how to pay.
	has(t, placed, "Account holder: StageShop", words["sum"], order.OrderNumber)

	for _, s := range []string{shop.StatusProcessing, shop.StatusShipped, shop.StatusDelivered, shop.StatusCancelled} {
		if _, err := shop.UpdateOrderStatus(app, order.ID, shop.StatusUpdate{Status: s}); err != nil {
			t.Fatal(err)
		}
	}
	for kind, word := range map[string]string{mail.KindOrderShipped: words["shipped"], mail.KindOrderDelivered: words["delivered"],
		mail.KindOrderCancelled: words["cancelled"]} {
		m := one(t, app, kind)
		if m.To != customer.Record.Email() || m.Language != lang || !strings.Contains(m.Subject, word) || !strings.Contains(m.Subject, order.OrderNumber) {
			t.Errorf("%s: to %s, subject %q", kind, m.To, m.Subject)
		}
		has(t, m, order.OrderNumber, "https://shop.example"+phrases[lang]["prefix"]+"/account/orders")
	}
	has(t, one(t, app, mail.KindOrderCancelled), words["line"])

	if n, _ := app.CountRecords(mail.Collection, dbx.HashExp{"to": "ada@example.com"}); n != 0 {
		t.Fatalf("%d e-mails to the shipping address", n)
	}

	checkContactEmails(t, app, lang, admin.Record)

	checkBackInStockEmail(t, app, lang, p)
	checkWelcomeEmail(t, app, lang)
	// One e-mail per event and nothing for Processing: 2 for the order
	// (the confirmation with the bank transfer instructions, the admin
	// notice), 3 statuses, 2 for the contact request, the reply, the alert,
	// the welcome.
	if n := testapp.Count(t, app, mail.Collection); n != 10 {
		t.Fatalf("%d e-mails in the outbox, want 10", n)
	}
}

// checkBackInStockEmail queues a back-in-stock e-mail of p in lang and
// checks its address, subject and contents.
func checkBackInStockEmail(t *testing.T, app core.App, lang string, p *core.Record) {
	t.Helper()
	err := app.RunInTransaction(func(txApp core.App) error {
		return mail.QueueBackInStock(txApp, "fan@example.com", lang, mail.ProductFromRecord(p))
	})
	if err != nil {
		t.Fatal(err)
	}
	stock := one(t, app, mail.KindBackInStock)
	if stock.To != "fan@example.com" || !strings.Contains(stock.Subject, productNames[lang]) {
		t.Fatalf("back in stock: %+v", stock.Subject)
	}
	has(t, stock, phrases[lang]["stock"], productNames[lang], phrases[lang]["unit"], "https://shop.example"+phrases[lang]["prefix"]+"/products/"+p.Id)
}

func checkContactEmails(t *testing.T, app core.App, lang string, admin *core.Record) {
	words := phrases[lang]
	id, err := contact.Submit(app, contact.Input{Name: "Vera", Email: "vera@example.com", Subject: "Rigging",
		Message: "Do you rent trusses & <clamps>?", Language: lang})
	if err != nil {
		t.Fatal(err)
	}
	copyMail := one(t, app, mail.KindContactReceived)
	if copyMail.To != "vera@example.com" || copyMail.Language != lang {
		t.Fatalf("visitor copy: %+v", copyMail)
	}
	has(t, copyMail, words["promise"])
	for _, typed := range []string{"Rigging", "trusses", "Vera"} { // the visitor's text is never relayed
		if strings.Contains(copyMail.Subject+copyMail.Text+copyMail.HTML, typed) {
			t.Errorf("the visitor copy quotes %q", typed)
		}
	}
	notice := one(t, app, mail.KindContactAdmin)
	if notice.To != admin.Email() {
		t.Fatalf("contact notice to %s", notice.To)
	}
	has(t, notice, "Vera", "vera@example.com", "Do you rent trusses & <clamps>?",
		"https://shop.example"+phrases[lang]["prefix"]+"/admin/contact-requests?request="+id)

	req, err := contact.AddReply(app, id, contact.ReplyInput{Message: "Yes, from $49.00 a day.", AdminID: admin.Id, AdminName: "Sam Admin"})
	if err != nil {
		t.Fatal(err)
	}
	if len(req.Replies) != 1 || req.Replies[0].AdminName != "Sam Admin" || req.Replies[0].CreatedAt == "" {
		t.Fatalf("replies %+v", req.Replies)
	}
	reply := one(t, app, mail.KindContactReply)
	if reply.To != "vera@example.com" || !strings.Contains(reply.Subject, "Rigging") {
		t.Fatalf("reply: %+v", reply.Subject)
	}
	has(t, reply, words["reply"], "Yes, from $49.00 a day.", "Sam Admin", "Do you rent trusses & <clamps>?")
}

// A Shipped order with a tracking number says it; an order field that is
// not in the schema yet reads as empty.
func TestShippedEmailWithTrackingNumber(t *testing.T) {
	app := testapp.New(t)
	orders, err := app.FindCollectionByNameOrId(shop.OrdersCollection)
	if err != nil {
		t.Fatal(err)
	}
	if orders.Fields.GetByName("trackingNumber") == nil {
		orders.Fields.Add(&core.TextField{Name: "trackingNumber", Max: 100})
		if err := app.Save(orders); err != nil {
			t.Fatal(err)
		}
	}
	u := testapp.NewUser(t, app, false)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 1000, Stock: 5})
	if _, err := cart.Add(app, cart.Owner{UserID: u.ID()}, p.Id, "", 1); err != nil {
		t.Fatal(err)
	}
	o, err := shop.PlaceOrder(app, u.ID(), validInput())
	if err != nil {
		t.Fatal(err)
	}
	rec, err := app.FindRecordById(shop.OrdersCollection, o.ID)
	if err != nil {
		t.Fatal(err)
	}
	rec.Set("status", shop.StatusShipped)
	rec.Set("trackingNumber", "1Z999AA10123456784")
	if err := app.Save(rec); err != nil { // as the dashboard saves it
		t.Fatal(err)
	}
	has(t, one(t, app, mail.KindOrderShipped), "Tracking number", "1Z999AA10123456784")
}

// An order that fails (not enough stock) leaves no e-mail, and neither does
// a status change that fails.
func TestFailedChangesLeaveNoEmail(t *testing.T) {
	app := testapp.New(t)
	u := testapp.NewUser(t, app, false)
	testapp.NewUser(t, app, true)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 1000, Stock: 2})
	if _, err := cart.Add(app, cart.Owner{UserID: u.ID()}, p.Id, "", 2); err != nil {
		t.Fatal(err)
	}
	if _, err := app.DB().NewQuery("UPDATE product_variants SET stockQuantity = 1 WHERE product = {:id}").Bind(dbx.Params{"id": p.Id}).Execute(); err != nil {
		t.Fatal(err)
	}
	var lines shop.LineErrors
	if _, err := shop.PlaceOrder(app, u.ID(), validInput()); !errors.As(err, &lines) {
		t.Fatalf("order: %v", err)
	}
	if n := testapp.Count(t, app, mail.Collection); n != 0 {
		t.Fatalf("a failed order queued %d e-mails", n)
	}
}

// The admins' order notices follow role changes at once, although the
// admin list is kept between orders.
func TestAdminNoticesFollowRoleChanges(t *testing.T) {
	app := testapp.New(t)
	first := testapp.NewUser(t, app, true)
	second := testapp.NewUser(t, app, false)
	u := testapp.NewUser(t, app, false)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 1000, Stock: 5})
	order := func() {
		t.Helper()
		if _, err := cart.Add(app, cart.Owner{UserID: u.ID()}, p.Id, "", 1); err != nil {
			t.Fatal(err)
		}
		if _, err := shop.PlaceOrder(app, u.ID(), validInput()); err != nil {
			t.Fatal(err)
		}
	}
	setRoles := func(id string, roles ...string) {
		t.Helper()
		rec, err := app.FindRecordById(account.UsersCollection, id)
		if err != nil {
			t.Fatal(err)
		}
		rec.Set("roles", roles)
		if err := app.Save(rec); err != nil {
			t.Fatal(err)
		}
	}
	recipients := func() []string {
		var to []string
		for _, m := range emailsOf(t, app, mail.KindOrderAdmin) {
			to = append(to, m.To)
		}
		return to
	}
	order()
	if got := recipients(); len(got) != 1 || got[0] != first.Record.Email() {
		t.Fatalf("first order's notices went to %v, want [%s]", got, first.Record.Email())
	}
	setRoles(second.ID(), "Customer", "Admin")
	setRoles(first.ID(), "Customer")
	order()
	if got := recipients(); len(got) != 2 || got[1] != second.Record.Email() {
		t.Fatalf("notices %v: the second order's should go to the new admin %s only", got, second.Record.Email())
	}
}

// The e-mails follow the shop's name as soon as the owner saves it in the
// store details (/admin/settings) and its URL as soon as an admin saves it
// in the dashboard, although both are kept between e-mails.
func TestEmailsFollowSavedSettings(t *testing.T) {
	app := testapp.New(t)
	u := testapp.NewUser(t, app, false)
	p := testapp.NewProduct(t, app, testapp.Product{PriceCents: 1000, Stock: 5})
	order := func() sentMail {
		t.Helper()
		if _, err := cart.Add(app, cart.Owner{UserID: u.ID()}, p.Id, "", 1); err != nil {
			t.Fatal(err)
		}
		if _, err := shop.PlaceOrder(app, u.ID(), validInput()); err != nil {
			t.Fatal(err)
		}
		list := emailsOf(t, app, mail.KindOrderPlaced)
		return list[len(list)-1]
	}
	order()
	store := site.StoreInput{Name: "Footlights Supply", Email: "desk@footlights.example"}
	store.Hero.Title = []byte(`{"en":"Gear"}`)
	if _, err := site.SaveStoreDetails(app, store); err != nil {
		t.Fatal(err)
	}
	testapp.UpdateSettings(t, app, func(s *core.Settings) {
		s.Meta.AppURL = "https://shop.footlights.example"
	})
	has(t, order(), "Footlights Supply", "https://shop.footlights.example/account/orders")
}

// A new account is welcomed in its language, through the outbox, with
// links to the shop and to My Orders.
func checkWelcomeEmail(t *testing.T, app core.App, lang string) {
	t.Helper()
	u, err := account.Register(app, account.RegisterInput{Email: "New@Example.com", Password: "Secret123", ConfirmPassword: "Secret123",
		FirstName: "Nina", LastName: "New", Language: lang})
	if err != nil {
		t.Fatal(err)
	}
	w := one(t, app, mail.KindWelcome)
	if w.To != "new@example.com" || w.Language != lang || w.Subject != phrases[lang]["welcome"] {
		t.Fatalf("welcome to %s in %s: %q", w.To, w.Language, w.Subject)
	}
	has(t, w, "Nina New", "new@example.com", "https://shop.example"+phrases[lang]["prefix"]+"/account/orders")
	linksAreLinks(t, w, "https://shop.example"+phrases[lang]["prefix"]+"/account/orders")
	if _, err := account.Register(app, account.RegisterInput{Email: u.Email(), Password: "Secret123", ConfirmPassword: "Secret123",
		FirstName: "Twice", LastName: "Over", Language: lang}); !errors.Is(err, account.ErrEmailTaken) {
		t.Fatalf("second account with the e-mail: %v", err)
	}
	if n := len(emailsOf(t, app, mail.KindWelcome)); n != 1 {
		t.Fatalf("%d welcomes after a refused registration", n)
	}
}

// linksAreLinks checks that url is a link in the HTML part and that the
// plain text never runs a URL into a sentence's period (a mail client
// links the period too: a 404).
func linksAreLinks(t *testing.T, m sentMail, url string) {
	t.Helper()
	if !strings.Contains(m.HTML, `<a href="`+url+`"`) {
		t.Errorf("%s (%s): %s is not a link in the HTML", m.Kind, m.Language, url)
	}
	for _, f := range strings.Fields(m.Text) {
		if strings.HasPrefix(f, "http") && strings.ContainsAny(f[len(f)-1:], ".,;:!?。") {
			t.Errorf("%s (%s): text ends a URL with punctuation: %q", m.Kind, m.Language, f)
		}
	}
}
