package mail

import (
	"database/sql"
	"errors"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Collection is the outbox: one record per e-mail.
const Collection = "emails"

// Statuses of an e-mail in the outbox.
const (
	StatusQueued = "queued" // waiting for its (next) attempt
	statusSent   = "sent"   // handed to the SMTP server
	StatusFailed = "failed" // gave up after the last retry; lastError says why
)

// kinds of e-mail.
const (
	KindOrderPlaced      = "order_placed"       // to the customer
	KindOrderAdmin       = "order_admin"        // notice to each admin
	KindOrderCancelAdmin = "order_cancel_admin" // a customer's cancel, to each admin
	KindOrderShipped     = "order_shipped"      // to the customer
	KindOrderDelivered   = "order_delivered"    // to the customer
	KindOrderCancelled   = "order_cancelled"    // to the customer
	KindContactReceived  = "contact_received"   // copy to the visitor
	KindContactAdmin     = "contact_admin"      // notice to each admin
	KindContactReply     = "contact_reply"      // an admin's reply to the visitor
	KindPasswordReset    = "password_reset"     // the reset link
	KindBackInStock      = "back_in_stock"      // a stock alert came true
	KindWelcome          = "welcome"            // a new account
)

// kinds lists every kind, in the order of the package doc.
var kinds = []string{KindOrderPlaced, KindOrderAdmin, KindOrderCancelAdmin, KindOrderShipped, KindOrderDelivered, KindOrderCancelled,
	KindContactReceived, KindContactAdmin, KindContactReply, KindPasswordReset, KindBackInStock, KindWelcome}

// securityKinds are account-security e-mails: the worker sends them ahead
// of every other e-mail, so a backlog of notices never delays them.
var securityKinds = []any{KindPasswordReset}

// IsSecurity reports whether e-mails of kind are account-security mail.
func IsSecurity(kind string) bool { return kind == KindPasswordReset }

// rendered is an e-mail ready for the outbox.
type rendered struct {
	Kind     string
	To       string
	Language string
	Subject  string
	View     []byte // the view as JSON; rendered when sent
	EventKey string
}

// enqueue writes e into the outbox with txApp, the transaction of the change
// that causes it. An e-mail whose eventKey is already in the outbox is not
// written again (the event was handled), so callers may queue idempotently.
// The worker is woken after the transaction commits (see Register).
func enqueue(txApp core.App, e rendered) error {
	_, err := enqueueID(txApp, e)
	return err
}

// enqueueID is enqueue that returns the new e-mail's id ("" when the event
// was queued before).
func enqueueID(txApp core.App, e rendered) (string, error) {
	if strings.TrimSpace(e.To) == "" {
		return "", errors.New("mail: no recipient")
	}
	var id string
	err := txApp.DB().Select("id").From(Collection).Where(dbx.HashExp{"eventKey": e.EventKey}).Limit(1).Row(&id)
	if err == nil {
		return "", nil // already queued for this event
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", err
	}
	col, err := txApp.FindCachedCollectionByNameOrId(Collection)
	if err != nil {
		return "", err
	}
	rec := core.NewRecord(col)
	rec.Set("kind", e.Kind)
	rec.Set("to", e.To)
	rec.Set("language", e.Language)
	rec.Set("subject", e.Subject)
	rec.Set("view", types.JSONRaw(e.View))
	rec.Set("status", StatusQueued)
	rec.Set("attempts", 0)
	rec.Set("eventKey", e.EventKey)
	// No field validation: an order with very many lines must not fail
	// because its e-mail is longer than a text field's limit.
	if err := txApp.SaveNoValidate(rec); err != nil {
		return "", err
	}
	return rec.Id, nil
}
