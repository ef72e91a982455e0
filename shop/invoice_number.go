package shop

import (
	"database/sql"
	"errors"
	"fmt"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/db"
	"stageshop/shop/field"
	"stageshop/shop/money"
	"stageshop/shop/wire"
)

// Collections of the invoice numbering.
const (
	InvoiceCountersCollection = "invoice_counters"
	CreditNotesCollection     = "credit_notes"
)

// Series of document numbers: invoices and credit notes, each gapless per
// year.
const (
	SeriesInvoice    = "INV"
	SeriesCreditNote = "CN"
)

// documentNumber is a number of a series: INV-2026-000123.
func documentNumber(series string, year, n int) string {
	return fmt.Sprintf("%s-%d-%06d", series, year, n)
}

// nextDocumentNumber raises the counter of series for year and returns the
// new number. It runs in the caller's write transaction: SQLite lets one
// writer in at a time, so two transactions never draw the same number, and
// a transaction that fails rolls its number back with it (no gap).
func nextDocumentNumber(txApp core.App, series string, year int) (string, error) {
	var last int
	err := txApp.DB().NewQuery(`UPDATE invoice_counters SET last = last + 1
		WHERE series = {:series} AND year = {:year} RETURNING last`).
		Bind(dbx.Params{"series": series, "year": year}).Row(&last)
	if errors.Is(err, sql.ErrNoRows) {
		col, err := txApp.FindCachedCollectionByNameOrId(InvoiceCountersCollection)
		if err != nil {
			return "", err
		}
		rec := core.NewRecord(col)
		rec.Set("series", series)
		rec.Set("year", year)
		rec.Set("last", 1)
		if err := txApp.Save(rec); err != nil {
			return "", err
		}
		last = 1
	} else if err != nil {
		return "", err
	}
	return documentNumber(series, year, last), nil
}

// AssignInvoiceNumber gives the order its invoice number (INV-2026-000123,
// the next of the year's gapless sequence) and the invoice date, once: an
// order that has one keeps it and gets it back. Call it in the transaction
// that makes the order invoiceable (placing it on invoice terms, its
// payment); with an app outside a transaction it runs in its own. The
// number is set on order; a stored order is updated in place (its two
// columns only, so a caller's unsaved changes of the record stay the
// caller's to save).
func AssignInvoiceNumber(txApp core.App, order *core.Record) (string, error) {
	if n := order.GetString("invoiceNumber"); n != "" {
		return n, nil
	}
	var number string
	err := db.Write(txApp, func(txApp core.App) error {
		if !order.IsNew() {
			var stored string
			err := txApp.DB().Select("invoiceNumber").From(OrdersCollection).
				Where(dbx.HashExp{"id": order.Id}).Row(&stored)
			if err != nil {
				return err
			}
			if stored != "" {
				number = stored
				order.Set("invoiceNumber", stored)
				return nil
			}
		}
		now := types.NowDateTime()
		var err error
		if number, err = nextDocumentNumber(txApp, SeriesInvoice, now.Time().Year()); err != nil {
			return err
		}
		order.Set("invoiceNumber", number)
		order.Set("invoicedAt", now)
		if order.IsNew() {
			return nil // saved by the caller
		}
		_, err = txApp.DB().Update(OrdersCollection, dbx.Params{"invoiceNumber": number, "invoicedAt": now.String()},
			dbx.HashExp{"id": order.Id}).Execute()
		return err
	})
	if err != nil {
		return "", err
	}
	return number, nil
}

// CreditNoteInput is a refund to document: the payment work's refund id
// (one credit note per refund), the refunded amount and why.
type CreditNoteInput struct {
	RefundID string
	Amount   Amount
	Reason   string
	// Deposit: the refund gave back a hire deposit, which was never
	// taxed: its note carries no tax.
	Deposit bool
	// Tax is the tax given back when the refund knows it (a refund by
	// line); nil: the refunded share of the order's tax.
	Tax *Amount
}

// CreditNote is an answer shape (shop/wire).
type CreditNote = wire.CreditNote

// ErrCreditExceedsTotal: the credit notes of an order would add up to more
// than its total.
var ErrCreditExceedsTotal = wire.Conflict("credit_exceeds_total", "Credit notes cannot exceed the order's total")

// AssignCreditNote issues the credit note of a refund of order
// (CN-2026-000007, the next of the year's gapless sequence), in the
// caller's transaction (or its own). A refund that has one already gets
// it back unchanged. The tax given back is the refunded share of the
// order's tax, rounded once on the running sum, so the notes of an order
// refunded in parts add up to its tax exactly.
func AssignCreditNote(txApp core.App, order *core.Record, in CreditNoteInput) (*CreditNote, error) {
	if in.Amount <= 0 {
		return nil, validation.Errors{"amount": validation.NewError("validation_amount", "A credit note is for an amount above zero")}
	}
	var note *CreditNote
	err := db.Write(txApp, func(txApp core.App) error {
		if in.RefundID != "" {
			rec, err := txApp.FindFirstRecordByFilter(CreditNotesCollection, "refundId = {:r}", dbx.Params{"r": in.RefundID})
			if err == nil {
				note = creditNoteOf(rec)
				return nil
			}
			if !errors.Is(err, sql.ErrNoRows) {
				return err
			}
		}
		var err error
		note, err = issueCreditNote(txApp, order, in)
		return err
	})
	return note, err
}

// issueCreditNote numbers and stores a new credit note.
func issueCreditNote(txApp core.App, order *core.Record, in CreditNoteInput) (*CreditNote, error) {
	var before struct {
		Amount   float64 `db:"amount"`
		Tax      float64 `db:"tax"`
		Deposits float64 `db:"deposits"`
	}
	err := txApp.DB().Select("COALESCE(SUM(amountCents), 0) AS amount", "COALESCE(SUM(taxCents), 0) AS tax",
		"COALESCE(SUM(CASE WHEN deposit THEN amountCents ELSE 0 END), 0) AS deposits").
		From(CreditNotesCollection).Where(dbx.HashExp{"orderRef": order.Id}).One(&before)
	if err != nil {
		return nil, err
	}
	total, tax := Amount(order.GetInt("totalCents")), Amount(order.GetInt("taxCents"))
	if Amount(before.Amount)+in.Amount > total {
		return nil, ErrCreditExceedsTotal
	}
	// The tax of everything credited so far, less what earlier notes gave
	// back; deposits are never taxed, so they are neither credited tax
	// nor part of what the tax is a share of.
	var noteTax Amount
	if !in.Deposit {
		taxed := total - Amount(order.GetInt("depositCents"))
		credited := min(Amount(before.Amount-before.Deposits)+in.Amount, taxed)
		noteTax = Amount(money.MulDivRound(uint64(max(credited, 0)), uint64(tax), uint64(max(taxed, 1)))) - Amount(before.Tax)
	}
	if in.Tax != nil { // the refund's own tax (a refund by line)
		noteTax = *in.Tax
	}
	now := types.NowDateTime()
	number, err := nextDocumentNumber(txApp, SeriesCreditNote, now.Time().Year())
	if err != nil {
		return nil, err
	}
	col, err := txApp.FindCachedCollectionByNameOrId(CreditNotesCollection)
	if err != nil {
		return nil, err
	}
	rec := core.NewRecord(col)
	rec.Set("number", number)
	rec.Set("orderRef", order.Id)
	rec.Set("refundId", in.RefundID)
	rec.Set("amountCents", int64(in.Amount))
	rec.Set("taxCents", int64(max(noteTax, 0)))
	rec.Set("reason", field.CleanLine(in.Reason))
	rec.Set("deposit", in.Deposit)
	if err := txApp.Save(rec); err != nil {
		return nil, err
	}
	return creditNoteOf(rec), nil
}

// creditNoteOf reads a credit note record.
func creditNoteOf(rec *core.Record) *CreditNote {
	return &CreditNote{ID: rec.Id, Number: rec.GetString("number"), OrderID: rec.GetString("orderRef"),
		RefundID: rec.GetString("refundId"), Amount: Amount(rec.GetInt("amountCents")),
		TaxAmount: Amount(rec.GetInt("taxCents")), Reason: rec.GetString("reason"),
		CreatedAt: wire.Stamp(rec.GetDateTime("created"))}
}

// orderCreditNotes lists an order's credit notes, oldest first.
func orderCreditNotes(app core.App, orderID string) ([]CreditNote, error) {
	recs := []*core.Record{}
	err := app.RecordQuery(CreditNotesCollection).Where(dbx.HashExp{"orderRef": orderID}).
		OrderBy("created ASC", "rowid ASC").All(&recs)
	if err != nil {
		return nil, err
	}
	out := make([]CreditNote, 0, len(recs))
	for _, r := range recs {
		out = append(out, *creditNoteOf(r))
	}
	return out, nil
}
