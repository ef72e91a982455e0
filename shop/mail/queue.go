package mail

import (
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/keep"
	"stageshop/internal/outbox"
	"stageshop/shop/locale"
)

// Recipient is a shop user the shop writes to.
type Recipient struct {
	ID, Email, Name, Language string
}

// adminRecipients lists every user with the Admin role: the recipients of the
// shop's notices (new orders, new contact requests). With Register, the
// list is kept between calls and dropped whenever an admin changes or a
// user becomes one: finding the admins reads every user's roles, which an
// order should not pay for.
func adminRecipients(app core.App) ([]Recipient, error) {
	if k := stateOf(app).admins.Load(); k != nil {
		return k.Get(app)
	}
	return queryAdmins(app)
}

// keepAdmins keeps app's admin list until an admin changes (or a minute
// passes: the CLI's admin create runs in another process).
func keepAdmins(app core.App) {
	k := keep.New(time.Minute, queryAdmins)
	k.DropOnChangeIf(app, func(e *core.RecordEvent) bool { return touchesAdmins(k, e.Record) }, "users")
	stateOf(app).admins.Store(k)
}

// touchesAdmins reports whether a change of user may change the kept admin
// list: the user is an admin now or is in the list (an admin demoted,
// deleted, renamed), or no list is kept to tell. Customers signing up or
// editing their profiles leave it kept.
func touchesAdmins(k *keep.Value[[]Recipient], user *core.Record) bool {
	admins, ok := k.Peek()
	if !ok {
		return true
	}
	var roles []string
	// Roles that are not JSON make no admin, as queryAdmins reads them.
	if user.UnmarshalJSONField("roles", &roles) == nil && slices.Contains(roles, "Admin") {
		return true
	}
	return slices.ContainsFunc(admins, func(a Recipient) bool { return a.ID == user.Id })
}

func queryAdmins(app core.App) ([]Recipient, error) {
	var rows []struct {
		ID        string `db:"id"`
		Email     string `db:"email"`
		FirstName string `db:"firstName"`
		LastName  string `db:"lastName"`
		Language  string `db:"language"`
	}
	err := app.DB().NewQuery(`SELECT id, email, firstName, lastName, language FROM users
		WHERE json_valid(roles) AND EXISTS (SELECT 1 FROM json_each(users.roles) WHERE value = 'Admin')
		ORDER BY created`).All(&rows)
	if err != nil {
		return nil, err
	}
	out := make([]Recipient, 0, len(rows))
	for _, r := range rows {
		out = append(out, Recipient{ID: r.ID, Email: r.Email, Language: r.Language,
			Name: strings.TrimSpace(r.FirstName + " " + r.LastName)})
	}
	return out, nil
}

// toAdmins queues one e-mail per admin, made by build, under the event key
// prefix:adminID.
func toAdmins(txApp core.App, prefix string, build func(a Recipient) (rendered, error)) error {
	admins, err := adminRecipients(txApp)
	if err != nil {
		return err
	}
	for _, a := range admins {
		if a.Email == "" {
			continue
		}
		e, err := build(a)
		if err != nil {
			return err
		}
		e.EventKey = prefix + ":" + a.ID
		if err := enqueue(txApp, e); err != nil {
			return err
		}
	}
	return nil
}

// Contact is a contact request as the e-mails tell it.
type Contact struct {
	ID, Name, Email, Subject, Message string
	Language                          string // the visitor's language when writing
}

// ContactCopiesPerDay is how many copies of contact requests one address
// gets in 24 hours; later requests are stored and notified to the admins,
// but send the address nothing.
const ContactCopiesPerDay = 3

// QueueContactReceived queues the visitor's copy (that the message arrived
// and when to expect an answer) and a notice with a link to the request to
// every admin. The copy quotes nothing the visitor typed, not even the
// name: whoever fills in the form chooses the address, so the copy must be
// useless for sending text to third parties; and an address gets at most
// ContactCopiesPerDay of them.
func QueueContactReceived(txApp core.App, c Contact) error {
	copies, err := recentCopies(txApp, c.Email)
	if err != nil {
		return err
	}
	if copies < ContactCopiesPerDay {
		lang := locale.Lang(c.Language)
		v := newView(txApp, lang, c.Email, "")
		v.Subject = tr(lang, "recvSubject")
		v.Heading = tr(lang, "recvHeading")
		v.Intro = []string{tr(lang, "recvIntro")}
		v.After = []string{tr(lang, "recvNotYou")}
		e, err := render(KindContactReceived, c.Email, KindContactReceived+":"+c.ID, v)
		if err != nil {
			return err
		}
		if err := enqueue(txApp, e); err != nil {
			return err
		}
	}
	return toAdmins(txApp, KindContactAdmin+":"+c.ID, func(a Recipient) (rendered, error) {
		l := locale.Lang(a.Language)
		v := newView(txApp, l, a.Email, a.Name)
		v.Subject = tr(l, "cAdminSubject", "subject", c.Subject)
		v.Heading = tr(l, "cAdminHeading")
		v.Intro = []string{tr(l, "cAdminIntro", "name", c.Name, "email", c.Email)}
		v.Quotes = []quote{{Label: c.Name, Title: c.Subject, Text: c.Message}}
		v.Button = &button{tr(l, "cAdminOpen"), v.link("/admin/contact-requests?request=" + c.ID)}
		return render(KindContactAdmin, a.Email, "", v)
	})
}

// recentCopies counts the contact copies queued to address in the last 24
// hours (idx_emails_to_created).
func recentCopies(txApp core.App, address string) (int, error) {
	var n int
	err := txApp.DB().Select("COUNT(*)").From(Collection).
		Where(dbx.HashExp{"to": address, "kind": KindContactReceived}).
		AndWhere(dbx.NewExp("created >= {:since}", dbx.Params{"since": outbox.DBTime(time.Now().Add(-24 * time.Hour))})).
		Row(&n)
	return n, err
}

// QueueContactReply queues an admin's reply (replyID is the stored reply)
// to the visitor, in the visitor's language, quoting their message.
func QueueContactReply(txApp core.App, replyID string, c Contact, adminName, reply string) error {
	lang := locale.Lang(c.Language)
	v := newView(txApp, lang, c.Email, c.Name)
	shop := v.Shop
	v.Subject = tr(lang, "replySubject", "subject", c.Subject)
	v.Heading = tr(lang, "replyHeading")
	v.Intro = []string{tr(lang, "replyIntro", "admin", adminName, "shop", shop)}
	v.Quotes = []quote{
		{Label: tr(lang, "ourReply"), Text: reply},
		{Label: tr(lang, "yourMessage"), Title: c.Subject, Text: c.Message},
	}
	v.After = []string{tr(lang, "replyMore", "url", v.link("/contact"))}
	e, err := render(KindContactReply, c.Email, KindContactReply+":"+replyID, v)
	if err != nil {
		return err
	}
	return enqueue(txApp, e)
}

// QueuePasswordReset queues the reset e-mail of a user; tokenID is the
// stored token's id, token the raw one, valid until expires. The outbox
// keeps the e-mail with a placeholder link (RedactedLinkToken): the token
// is held in memory and put into the link when the worker sends it.
func QueuePasswordReset(txApp core.App, tokenID string, to Recipient, token string, expires time.Time) error {
	lang := locale.Lang(to.Language)
	v := newView(txApp, lang, to.Email, to.Name)
	v.Subject = tr(lang, "resetSubject", "shop", v.Shop)
	v.Heading = tr(lang, "resetHeading")
	v.Intro = []string{tr(lang, "resetIntro", "shop", v.Shop)}
	v.Button = &button{tr(lang, "resetButton"), v.link("/reset-password?token=" + RedactedLinkToken)}
	v.After = []string{tr(lang, "resetExpiry"), tr(lang, "resetIgnore")}
	e, err := render(KindPasswordReset, to.Email, KindPasswordReset+":"+tokenID, v)
	if err != nil {
		return err
	}
	id, err := enqueueID(txApp, e)
	if err != nil || id == "" {
		return err
	}
	holdSecret(txApp, id, token, expires)
	return nil
}

// QueueWelcome queues the welcome of a new account, in its language.
func QueueWelcome(txApp core.App, userID string, to Recipient) error {
	lang := locale.Lang(to.Language)
	v := newView(txApp, lang, to.Email, to.Name)
	v.Subject = tr(lang, "welcomeSubject", "shop", v.Shop)
	v.Heading = tr(lang, "welcomeHeading", "shop", v.Shop)
	v.Intro = []string{tr(lang, "welcomeIntro", "email", to.Email)}
	v.Button = &button{tr(lang, "welcomeButton"), v.link("/")}
	v.After = []string{tr(lang, "welcomeOrders", "url", v.link("/account/orders"))}
	e, err := render(KindWelcome, to.Email, KindWelcome+":"+userID, v)
	if err != nil {
		return err
	}
	return enqueue(txApp, e)
}

// Product is what the back-in-stock e-mail tells about a product.
type Product struct {
	ID    string
	Name  Text
	Price int64 // cents
	// The variant that is back: its id, SKU and label ("10 m, Black"; empty
	// for a product without options).
	VariantID, SKU string
	Label          Text
}

// ProductFromRecord reads a products record (name, nameLocalized,
// priceCents) into a Product.
func ProductFromRecord(rec *core.Record) Product {
	p := Product{ID: rec.Id, Name: Text{}, Price: int64(rec.GetFloat("priceCents"))}
	var loc map[string]string
	if raw, err := json.Marshal(rec.Get("nameLocalized")); err == nil {
		if json.Unmarshal(raw, &loc) != nil {
			var s string
			if json.Unmarshal(raw, &s) == nil {
				_ = json.Unmarshal([]byte(s), &loc) // stored as a JSON string
			}
		}
	}
	for k, s := range loc {
		p.Name[k] = s
	}
	if p.Name["en"] == "" {
		p.Name["en"] = rec.GetString("name")
	}
	return p
}

// QueueBackInStock queues the back-in-stock e-mail of a stock alert to to,
// in language. Call it in the transaction that closes the alert; one
// recipient gets one e-mail per product per restock (two calls in the same
// millisecond are one event).
func QueueBackInStock(txApp core.App, to, language string, product Product) error {
	lang := locale.Lang(language)
	name := product.Name.In(lang)
	if label := product.Label.In(lang); label != "" {
		name += " - " + label
	}
	v := newView(txApp, lang, to, "")
	v.Subject = tr(lang, "stockSubject", "product", name)
	v.Heading = tr(lang, "stockHeading")
	v.Intro = []string{tr(lang, "stockIntro", "product", name)}
	v.Facts = []fact{{name, locale.Price(product.Price, lang)}}
	if product.SKU != "" {
		v.Facts = append(v.Facts, fact{tr(lang, "sku"), product.SKU})
	}
	link := "/products/" + product.ID
	if product.VariantID != "" {
		link += "?variant=" + url.QueryEscape(product.VariantID)
	}
	v.Button = &button{tr(lang, "stockButton"), v.link(link)}
	v.After = []string{tr(lang, "stockHurry")}
	key := KindBackInStock + ":" + product.ID + ":" + product.VariantID + ":" + strings.ToLower(to) + ":" +
		strconv.FormatInt(time.Now().UnixMilli(), 10)
	e, err := render(KindBackInStock, to, key, v)
	if err != nil {
		return err
	}
	return enqueue(txApp, e)
}
