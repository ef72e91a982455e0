package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Messages: the e-mail outbox, the contact form's requests and the
// admins' replies, and back-in-stock alerts. Superusers only, except the
// contact requests, which users with the Admin role read for live updates.

// emailsCollection is the e-mail outbox (package shop/mail): each e-mail is
// written in the transaction of the change that causes it and sent after
// the commit by a worker. eventKey is unique, so one event never yields
// two e-mails; claimedBy/claimedUntil let one worker at a time own a send.
func emailsCollection() *core.Collection {
	c := core.NewBaseCollection("emails")
	c.Fields.Add(
		&core.TextField{Name: "kind", Required: true, Max: 40},
		&core.TextField{Name: "to", Required: true, Max: 255},
		&core.TextField{Name: "language", Max: 5},
		&core.TextField{Name: "subject", Max: 500},
		// What went out.
		&core.TextField{Name: "html", Max: 500000},
		&core.TextField{Name: "text", Max: 200000},
		&core.SelectField{Name: "status", Required: true, MaxSelect: 1, Values: []string{"queued", "sent", "failed"}},
		count("attempts"),
		&core.TextField{Name: "lastError", Max: 2000},
		&core.DateField{Name: "nextAttemptAt"},
		&core.DateField{Name: "sentAt"},
		&core.TextField{Name: "eventKey", Required: true, Max: 300},
		&core.TextField{Name: "claimedBy", Max: 64},
		&core.DateField{Name: "claimedUntil"},
		created(), updated(),
		// What the e-mail says (subject, greeting, lines, totals, links, as
		// JSON), rendered to HTML and text when the worker sends it or an
		// admin previews it: no template runs inside the order's transaction.
		&core.JSONField{Name: "view", MaxSize: 1 << 20},
	)
	c.AddIndex("idx_emails_event", true, "eventKey", "")
	c.AddIndex("idx_emails_status_next", false, "status, nextAttemptAt", "")
	c.AddIndex("idx_emails_created", false, "created", "")
	// What was recently sent to one address (a contact form's copies are
	// capped per address and day), and queued account-security mail ahead
	// of the rest.
	c.AddIndex("idx_emails_to_created", false, "`to`, created", "")
	c.AddIndex("idx_emails_kind_status", false, "kind, status", "")
	return c
}

// contactRequestsCollection holds the messages sent through the contact
// form, worked by admins, with the visitor's language (its e-mails are
// written in it).
func contactRequestsCollection() *core.Collection {
	c := core.NewBaseCollection("contact_requests")
	c.ListRule, c.ViewRule = types.Pointer(adminReadRule), types.Pointer(adminReadRule)
	c.Fields.Add(
		&core.TextField{Name: "name", Required: true, Max: 200},
		&core.EmailField{Name: "email", Required: true},
		&core.TextField{Name: "subject", Required: true, Max: 200},
		&core.TextField{Name: "message", Required: true, Max: 5000},
		&core.SelectField{Name: "status", Required: true, MaxSelect: 1,
			Values: []string{"New", "InProgress", "Resolved", "Closed"}},
		&core.TextField{Name: "adminNotes", Max: 5000},
		created(), updated(),
		&core.SelectField{Name: "language", MaxSelect: 1, Values: []string{"en", "ru", "zh"}},
	)
	c.AddIndex("idx_contact_requests_created", false, "created", "")
	c.AddIndex("idx_contact_requests_status_created", false, "status, created", "")
	return c
}

// contactRepliesCollection holds the admins' replies to contact requests,
// with who sent them.
func contactRepliesCollection(requestsID string) *core.Collection {
	c := core.NewBaseCollection("contact_replies")
	c.Fields.Add(
		&core.RelationField{Name: "request", CollectionId: requestsID, MaxSelect: 1, Required: true, CascadeDelete: true},
		// The admin may be deleted later; the reply keeps their name.
		&core.RelationField{Name: "admin", CollectionId: usersID, MaxSelect: 1},
		&core.TextField{Name: "adminName", Max: 250},
		&core.TextField{Name: "message", Required: true, Max: 5000},
		created(),
	)
	c.AddIndex("idx_contact_replies_request", false, "request, created", "")
	return c
}

// stockAlertsCollection holds back-in-stock alerts: a shopper's e-mail
// waiting for a sold-out variant, one open alert per variant and address.
// It is closed (status sent) when the variant's stock goes from 0 to more
// and its e-mail is queued.
func stockAlertsCollection(productsID, variantsID string) *core.Collection {
	c := core.NewBaseCollection("stock_alerts")
	c.Fields.Add(
		&core.RelationField{Name: "product", CollectionId: productsID, MaxSelect: 1, Required: true, CascadeDelete: true},
		&core.EmailField{Name: "email", Required: true},
		&core.TextField{Name: "language", Max: 5},
		&core.RelationField{Name: "user", CollectionId: usersID, MaxSelect: 1},
		&core.SelectField{Name: "status", Required: true, MaxSelect: 1, Values: []string{"open", "sent"}},
		&core.DateField{Name: "notifiedAt"},
		created(),
		&core.RelationField{Name: "variant", CollectionId: variantsID, MaxSelect: 1, CascadeDelete: true},
	)
	c.AddIndex("idx_stock_alerts_open_variant", true, "variant, email", "status = 'open'")
	return c
}
