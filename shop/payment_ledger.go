package shop

import (
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"

	"stageshop/shop/wire"
)

// Timeline event types of an order's payment.
const (
	EvPaid            = "paid"             // card payment taken
	EvPaymentRecorded = "payment_recorded" // an admin recorded money received
	EvPaymentFailed   = "payment_failed"
	EvExpired         = "expired"
	EvAmountMismatch  = "amount_mismatch"
	EvLatePayment     = "late_payment"     // paid after expiry or twice: given back
	EvRefundRequested = "refund_requested" // asked of the provider / to be sent
	EvRefunded        = "refunded"
	EvRefundFailed    = "refund_failed"
	EvDispute         = "dispute"
	EvSessionExpired  = "session_expired"
	EvOverdueReminder = "overdue_reminder"
	EvUnknownOrder    = "unknown_order"
	EvNoChange        = "no_change" // a repeat in other words (another event of a settled page)
)

// ledgerEntry is one row of the payment ledger.
type ledgerEntry struct {
	Provider, EventID, OrderID, Type string
	Amount                           int64
	Currency                         string
	At                               time.Time
	By, ByName, Note                 string
}

// localEventID names an event the shop itself makes (admins, jobs).
func localEventID() string { return "local_" + security.RandomString(24) }

// eventSeen reports whether the ledger already holds provider's event id.
func eventSeen(txApp core.App, provider, eventID string) (bool, error) {
	var id string
	err := txApp.DB().Select("id").From(PaymentEventsCollection).
		Where(dbx.HashExp{"provider": provider, "eventId": eventID}).Limit(1).Row(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// record writes e into the ledger in the caller's transaction. Write
// transactions run one at a time, so eventSeen before it is enough; the
// unique index still refuses a second row should that ever change.
func (e ledgerEntry) record(txApp core.App) error {
	col, err := txApp.FindCachedCollectionByNameOrId(PaymentEventsCollection)
	if err != nil {
		return err
	}
	if e.EventID == "" {
		e.EventID = localEventID()
	}
	if e.At.IsZero() {
		e.At = time.Now()
	}
	rec := core.NewRecord(col)
	rec.Set("provider", e.Provider)
	rec.Set("eventId", e.EventID)
	rec.Set("orderRef", e.OrderID)
	rec.Set("type", e.Type)
	rec.Set("amountCents", e.Amount)
	rec.Set("currency", e.Currency)
	rec.Set("at", e.At)
	rec.Set("by", e.By)
	rec.Set("byName", e.ByName)
	rec.Set("note", truncate(e.Note, 1000))
	return txApp.SaveNoValidate(rec)
}

// truncate cuts s to at most n runes.
func truncate(s string, n int) string {
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// paymentTimeline reads an order's payment events, oldest first, leaving
// out repeats that changed nothing.
func paymentTimeline(app core.App, orderID string) ([]PaymentEvent, error) {
	var rows []struct {
		Type   string  `db:"type"`
		Amount float64 `db:"amountCents"`
		At     string  `db:"at"`
		ByName string  `db:"byName"`
		Note   string  `db:"note"`
	}
	err := app.DB().Select("type", "amountCents", "at", "byName", "note").From(PaymentEventsCollection).
		Where(dbx.HashExp{"orderRef": orderID}).AndWhere(dbx.NewExp("type != {:t}", dbx.Params{"t": EvNoChange})).
		OrderBy("at ASC", "rowid ASC").All(&rows)
	if err != nil {
		return nil, err
	}
	out := make([]PaymentEvent, 0, len(rows))
	for _, r := range rows {
		out = append(out, PaymentEvent{Type: r.Type, Amount: Amount(int64(r.Amount)), At: stampText(r.At), By: r.ByName, Note: r.Note})
	}
	return out, nil
}

// stampText turns a stored date text into RFC 3339.
func stampText(s string) string {
	t, err := time.Parse("2006-01-02 15:04:05.000Z", s)
	if err != nil {
		return s
	}
	return wire.Time(t)
}

// paymentAttempts reads an order's attempts, oldest first (admins).
func paymentAttempts(app core.App, orderID string) ([]PaymentAttempt, error) {
	recs, err := app.FindRecordsByFilter(PaymentAttemptsCollection, "orderRef = {:o}", "attempt", 0, 0, dbx.Params{"o": orderID})
	if err != nil {
		return nil, err
	}
	out := make([]PaymentAttempt, 0, len(recs))
	for _, a := range recs {
		out = append(out, PaymentAttempt{Provider: a.GetString("provider"), Reference: a.GetString("reference"),
			Amount: Amount(cents(a, "amountCents")), Status: a.GetString("status"), CreatedAt: wire.Stamp(a.GetDateTime("created"))})
	}
	return out, nil
}

// orderRefunds reads an order's refunds, oldest first (admins).
func orderRefunds(app core.App, orderID string) ([]Refund, error) {
	recs, err := app.FindRecordsByFilter(RefundsCollection, "orderRef = {:o}", "created", 0, 0, dbx.Params{"o": orderID})
	if err != nil {
		return nil, err
	}
	out := make([]Refund, 0, len(recs))
	for _, r := range recs {
		out = append(out, Refund{ID: r.Id, Amount: Amount(cents(r, "amountCents")), Status: r.GetString("status"),
			Provider: r.GetString("provider"), Reason: r.GetString("reason"), By: r.GetString("byName"),
			Surplus: r.GetBool("surplus"), CreatedAt: wire.Stamp(r.GetDateTime("created"))})
	}
	return out, nil
}
