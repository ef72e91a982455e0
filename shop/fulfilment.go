package shop

import (
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/field"
	"stageshop/shop/wire"
)

// Fulfilment tools (issue 35): who changed an order's status and from
// what (a jump off the usual path is marked), the carrier with its
// tracking page, and the admins' internal notes, which no customer answer
// carries.

// Carrier is a shipping company whose tracking page the shop links to.
type Carrier struct {
	Code, Name string
	// TrackURL is the tracking page with {n} for the tracking number.
	TrackURL string
}

// Carriers are the carriers the admin can choose, with their tracking
// pages. China Post has no stable page per parcel number of its own: its
// parcels are followed on 17TRACK, which China Post's site points to.
var Carriers = []Carrier{
	{"ups", "UPS", "https://www.ups.com/track?tracknum={n}"},
	{"fedex", "FedEx", "https://www.fedex.com/fedextrack/?trknbr={n}"},
	{"usps", "USPS", "https://tools.usps.com/go/TrackConfirmAction?tLabels={n}"},
	{"dhl", "DHL", "https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id={n}"},
	{"china_post", "China Post", "https://t.17track.net/en#nums={n}"},
	{"russian_post", "Russian Post", "https://www.pochta.ru/tracking?barcode={n}"},
	{"other", "Other", ""},
}

// carrierOf is the carrier of code; false for "" or an unknown code.
func carrierOf(code string) (Carrier, bool) {
	i := slices.IndexFunc(Carriers, func(c Carrier) bool { return c.Code == code })
	if i < 0 {
		return Carrier{}, false
	}
	return Carriers[i], true
}

// carrierName is the carrier's name for e-mails ("" none or other).
func carrierName(code string) string {
	if c, ok := carrierOf(code); ok && c.Code != "other" {
		return c.Name
	}
	return ""
}

// TrackingURL is the carrier's page for a tracking number; "" without a
// known carrier with a page, or without a number.
func TrackingURL(carrier, number string) string {
	c, ok := carrierOf(carrier)
	number = strings.TrimSpace(number)
	if !ok || c.TrackURL == "" || number == "" {
		return ""
	}
	return strings.ReplaceAll(c.TrackURL, "{n}", url.QueryEscape(number))
}

// usualNext reports whether going from one status to another follows the
// usual path: forward along Created, Processing, Processed, Shipped,
// Delivered (steps may be skipped), or a cancel before the order shipped.
// Anything else (back, out of Cancelled, cancelling what shipped) is a
// jump the app confirms and the history marks.
func usualNext(from, to string) bool {
	path := orderStatuses[:5]
	i, j := slices.Index(path, from), slices.Index(path, to)
	switch {
	case from == "" || from == to:
		return true
	case to == StatusCancelled:
		return i >= 0 && i < slices.Index(path, StatusShipped)
	}
	return i >= 0 && j > i
}

// statusActors holds who is saving an order record (the admin's e-mail),
// for OrderHistoryHook; a save without one (the dashboard, a job) is
// recorded without a name.
var statusActors sync.Map // *core.Record -> string

// historyEntry is the history entry of a status change from stored to
// the record's status by actor.
func historyEntry(rec *core.Record, stored string) StatusChange {
	status := rec.GetString("status")
	c := StatusChange{Status: status, At: wire.Time(time.Now()), From: stored}
	if actor, ok := statusActors.Load(rec); ok {
		c.By = actor.(string)
	}
	c.OffPath = !usualNext(stored, status)
	return c
}

// OrderNote is an admin's internal note on an order (an API shape).
type OrderNote = wire.OrderNote

// maxNoteLen and maxNotes bound the internal notes of an order.
const (
	maxNoteLen = 2000
	maxNotes   = 200
)

// NoteInput is an admin's new internal note.
type NoteInput struct {
	Text string `json:"text"`
}

// Validate checks the text: required, at most 2000 characters.
func (in NoteInput) Validate() error {
	text := strings.TrimSpace(in.Text)
	return validation.ValidateStruct(&in, validation.Field(&in.Text, validation.By(func(any) error {
		return validation.Validate(text, field.Required("Please write the note"), field.MaxChars(maxNoteLen))
	})))
}

// notesOf reads an order's internal notes, oldest first.
func notesOf(rec *core.Record) []OrderNote {
	notes := []OrderNote{}
	_ = rec.UnmarshalJSONField("internalNotes", &notes)
	if notes == nil {
		notes = []OrderNote{}
	}
	return notes
}

// AddOrderNote adds an admin's internal note to an order; it answers the
// admin's view of the order.
func AddOrderNote(app core.App, admin *core.Record, orderID string, in NoteInput) (*OrderDetail, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	d, err := changeOrder(app, orderID, func(_ core.App, rec *core.Record, _ *effects) (bool, error) {
		notes := notesOf(rec)
		if len(notes) >= maxNotes {
			return false, field.Error("text", "validation_too_many", "This order has the most notes it can keep")
		}
		rec.Set("internalNotes", append(notes, OrderNote{Text: strings.TrimSpace(in.Text), By: actorName(admin), At: wire.Time(time.Now())}))
		return true, nil
	})
	if err != nil {
		return nil, err
	}
	return d, withAdminFields(app, d)
}

// actorName is how an admin is named in an order's history and notes.
func actorName(admin *core.Record) string {
	if admin == nil {
		return ""
	}
	return admin.Email()
}

// withAdminFields adds what only admins see of an order: the payment's
// attempts and refunds, who changed its status, and the internal notes.
func withAdminFields(app core.App, d *OrderDetail) error {
	rec, err := findOrder(app, d.ID)
	if err != nil {
		return err
	}
	d.History = adminHistoryOf(rec)
	d.InternalNotes = notesOf(rec)
	return withAdminPayment(app, d)
}
