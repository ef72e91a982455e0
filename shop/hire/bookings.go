package hire

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop/field"
	"stageshop/shop/money"
	"stageshop/shop/wire"
)

// Booking is a booking as the API answers it.
type Booking = wire.Booking

// The statuses of a booking.
const (
	StatusReserved  = "reserved"
	StatusOut       = "out"
	StatusReturned  = "returned"
	StatusCancelled = "cancelled"
)

// next are the statuses each status may move to.
var next = map[string][]string{
	StatusReserved: {StatusOut, StatusCancelled},
	StatusOut:      {StatusReturned},
}

// Fee is a fee as stored: kind, cents and a note.
type Fee struct {
	Kind  string `json:"kind"`
	Cents int64  `json:"amountCents"`
	Note  string `json:"note"`
}

// MaxCalendar is the longest window of the admin's booking calendar.
const MaxCalendar = 366

// List is the bookings whose dates meet [from, to] (at most MaxCalendar
// days), of one product when productID is set, by start date.
func List(app core.App, from, to, productID string) ([]Booking, error) {
	start, end, err := parseRange(from, to, "from", "to", MaxCalendar)
	if err != nil {
		return nil, err
	}
	filter := "endDate >= {:from} && startDate <= {:to}"
	if productID != "" {
		filter += " && product = {:product}"
	}
	recs, err := app.FindRecordsByFilter(BookingsCollection, filter, "startDate,id", 0, 0,
		dbx.Params{"from": start.String(), "to": end.String(), "product": productID})
	if err != nil {
		return nil, err
	}
	out := make([]Booking, len(recs))
	for i, rec := range recs {
		out[i] = bookingOf(rec)
	}
	return out, Name(app, out)
}

// Name sets the bookings' product names, read in one query for them all
// (a product deleted since keeps its id as its name).
func Name(app core.App, list []Booking) error {
	ids := map[string]bool{}
	args := []any{}
	for _, b := range list {
		if !ids[b.ProductID] {
			ids[b.ProductID] = true
			args = append(args, b.ProductID)
		}
	}
	names := map[string]Booking{}
	if len(args) > 0 {
		var rows []struct {
			ID            string `db:"id"`
			Name          string `db:"name"`
			NameLocalized string `db:"nameLocalized"`
		}
		if err := app.DB().Select("id", "name", "nameLocalized").From(productsCollection).
			Where(dbx.In("id", args...)).All(&rows); err != nil {
			return err
		}
		for _, r := range rows {
			l, _ := field.ParseLocalizedJSON([]byte(r.NameLocalized))
			names[r.ID] = Booking{ProductName: r.Name, ProductNameLocalized: l}
		}
	}
	for i := range list {
		n, ok := names[list[i].ProductID]
		if !ok {
			n.ProductName = list[i].ProductID
		}
		if n.ProductNameLocalized == nil {
			n.ProductNameLocalized = wire.Localized{}
		}
		list[i].ProductName, list[i].ProductNameLocalized = n.ProductName, n.ProductNameLocalized
	}
	return nil
}

// bookingOf is a booking record's answer.
func bookingOf(rec *core.Record) Booking {
	var fees []Fee
	_ = rec.UnmarshalJSONField("fees", &fees)
	b := Booking{
		ID: rec.Id, OrderID: rec.GetString("orderRef"), ProductID: rec.GetString("product"),
		VariantID: rec.GetString("variant"), KitBookingID: rec.GetString("kitBooking"),
		Quantity: rec.GetInt("quantity"), Start: rec.GetString("startDate"), End: rec.GetString("endDate"),
		Status: rec.GetString("status"), Fees: make([]wire.BookingFee, len(fees)),
	}
	for i, f := range fees {
		b.Fees[i] = wire.BookingFee{Kind: f.Kind, Amount: wire.Amount(f.Cents), Note: f.Note}
	}
	if rec.GetBool("settled") {
		deposit, refund, owed := rec.GetInt("depositCents"), rec.GetInt("refundCents"), rec.GetInt("owedCents")
		b.Settlement = &wire.BookingSettlement{Deposit: wire.Amount(deposit), Refund: wire.Amount(refund),
			Owed: wire.Amount(owed), Kept: wire.Amount(deposit - refund)}
	}
	return b
}

// FeesCents is what a booking's fees add up to.
func FeesCents(b Booking) int64 {
	var sum int64
	for _, f := range b.Fees {
		sum += int64(f.Amount)
	}
	return sum
}

// Get is a booking by id (ErrBookingNotFound).
func Get(app core.App, id string) (Booking, error) {
	rec, err := db.FindRecord(app, BookingsCollection, id, ErrBookingNotFound)
	if err != nil {
		return Booking{}, err
	}
	return bookingOf(rec), nil
}

// Change is the admin's change of a booking: its status and, on return,
// its fees (amounts in dollars; a late fee without one is the day rate
// per day past the end, per unit).
type Change struct {
	Status string       `json:"status"`
	Fees   *[]FeeChange `json:"fees"`
}

// FeeChange is one fee of a Change.
type FeeChange struct {
	Kind   string       `json:"kind"`
	Amount *json.Number `json:"amount"`
	Note   string       `json:"note"`
}

// maxFees bounds a booking's fees.
const maxFees = 10

// Validate checks the change's shape; errors are keyed status, fees and
// fees.N.kind, fees.N.amount, fees.N.note.
func (c Change) Validate() error {
	return validation.Errors{
		"status": validation.Validate(c.Status, field.Required("Choose a status"),
			validation.In(StatusReserved, StatusOut, StatusReturned, StatusCancelled).Error("Must be reserved, out, returned or cancelled")),
		"fees": c.validateFees(),
	}.Filter()
}

func (c Change) validateFees() error {
	if c.Fees == nil {
		return nil
	}
	if c.Status != StatusReturned {
		return validation.NewError("validation_fees", "Fees are recorded when a booking is returned")
	}
	if len(*c.Fees) > maxFees {
		return validation.NewError("validation_length", fmt.Sprintf("At most %d fees", maxFees))
	}
	errs := validation.Errors{}
	for i, f := range *c.Fees {
		e := validation.Errors{
			"kind": validation.Validate(f.Kind, field.Required("Choose a kind"),
				validation.In("damage", "cleaning", "late").Error("Must be damage, cleaning or late")),
			"note": validation.Validate(f.Note, field.MaxChars(500)),
		}
		if f.Amount == nil && f.Kind != "late" {
			e["amount"] = validation.NewError("validation_required", "Enter the amount")
		} else if f.Amount != nil {
			if cents, err := money.Parse(*f.Amount); err != nil || cents < 0 || cents > money.MaxPriceCents {
				e["amount"] = validation.NewError("validation_amount", "Must be an amount from 0 to 1000000 with at most two decimals")
			}
		}
		if err := e.Filter(); err != nil {
			errs[fmt.Sprint(i)] = err
		}
	}
	return errs.Filter()
}

// Update moves a booking to c.Status (and records its fees on return), in
// one transaction; a kit's components move with it. The same status again
// changes nothing but the fees of a booking not yet returned: a second
// cancel releases nothing more, and a second check-in keeps the fees the
// deposit was settled by.
func Update(app core.App, id string, c Change) (Booking, error) {
	if err := c.Validate(); err != nil {
		return Booking{}, err
	}
	var out Booking
	err := db.Write(app, func(txApp core.App) error {
		rec, err := db.FindRecord(txApp, BookingsCollection, id, ErrBookingNotFound)
		if err != nil {
			return err
		}
		if rec.GetString("kitBooking") != "" {
			return &StatusError{Code: "booking_in_kit", Message: "This booking is part of a kit: change the kit's booking"}
		}
		if rec.GetString("status") == StatusReturned && c.Status == StatusReturned {
			out = bookingOf(rec)
			return nil
		}
		if err := moveStatus(txApp, rec, c.Status); err != nil {
			return err
		}
		if c.Fees != nil {
			fees, err := feesOf(txApp, rec, *c.Fees)
			if err != nil {
				return err
			}
			rec.Set("fees", fees)
		}
		if err := txApp.Save(rec); err != nil {
			return err
		}
		out = bookingOf(rec)
		return nil
	})
	return out, err
}

// moveStatus sets rec's status (and its kit components') to status when
// the booking may move there.
func moveStatus(txApp core.App, rec *core.Record, status string) error {
	from := rec.GetString("status")
	if from == status {
		return nil
	}
	if !slices.Contains(next[from], status) {
		return &StatusError{Code: "invalid_status_change",
			Message: fmt.Sprintf("A booking that is %s cannot become %s", from, status)}
	}
	rec.Set("status", status)
	_, err := txApp.DB().NewQuery("UPDATE " + BookingsCollection +
		" SET status = {:status}, updated = strftime('%Y-%m-%d %H:%M:%fZ', 'now') WHERE kitBooking = {:kit}").
		Bind(dbx.Params{"status": status, "kit": rec.Id}).Execute()
	return err
}

// feesOf turns the admin's fees into stored ones: a late fee without an
// amount is the variant's day rate for each day since the booking's end,
// per unit.
func feesOf(txApp core.App, rec *core.Record, in []FeeChange) ([]Fee, error) {
	out := make([]Fee, len(in))
	for i, f := range in {
		out[i] = Fee{Kind: f.Kind, Note: field.CleanLine(f.Note)}
		if f.Amount != nil {
			out[i].Cents, _ = money.Parse(*f.Amount) // validated
			continue
		}
		cents, err := lateFee(txApp, rec)
		if err != nil {
			return nil, err
		}
		if cents == 0 {
			return nil, field.Error(fmt.Sprintf("fees.%d.amount", i), "validation_required",
				"The booking is not late: enter the amount")
		}
		out[i].Cents = cents
	}
	return out, nil
}

// lateFee is the day rate × days past the booking's end (the shop's today)
// × its quantity.
func lateFee(txApp core.App, rec *core.Record) (int64, error) {
	today, err := Today(txApp)
	if err != nil {
		return 0, err
	}
	end, err := ParseDate(rec.GetString("endDate"))
	if err != nil {
		return 0, err
	}
	late := end.DaysUntil(today)
	if late <= 0 {
		return 0, nil
	}
	v, err := txApp.FindRecordById(variantsCollection, rec.GetString("variant"))
	if err != nil {
		return 0, err
	}
	return int64(v.GetInt("hireDayCents")) * int64(late) * int64(rec.GetInt("quantity")), nil
}

// ReleaseOrder cancels an order's reserved bookings (its cancel or
// expiry), in app's transaction, and says how many it released: a second
// call releases none.
func ReleaseOrder(app core.App, orderID string) (int, error) {
	var n int64
	err := db.Write(app, func(txApp core.App) error {
		res, err := txApp.DB().NewQuery("UPDATE " + BookingsCollection +
			" SET status = 'cancelled', updated = strftime('%Y-%m-%d %H:%M:%fZ', 'now')" +
			" WHERE orderRef = {:order} AND status = 'reserved'").Bind(dbx.Params{"order": orderID}).Execute()
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return int(n), err
}
