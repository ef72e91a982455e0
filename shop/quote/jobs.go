package quote

import (
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop/mail"
	"stageshop/shop/wire"
)

// Kinds of the quotes' e-mails.
const (
	kindSent     = mail.KindQuoteSent
	kindReminder = mail.KindQuoteReminder
)

// reminderBefore is how long before validUntil the reminder goes.
const reminderBefore = 48 * time.Hour

// recipientOf is the quote's customer as an e-mail's recipient.
func recipientOf(app core.App, rec *core.Record) (mail.Recipient, error) {
	u, err := app.FindRecordById("users", rec.GetString("user"))
	if err != nil {
		return mail.Recipient{}, err
	}
	return mail.Recipient{ID: u.Id, Email: u.Email(), Language: u.GetString("language"),
		Name: strings.TrimSpace(u.GetString("firstName") + " " + u.GetString("lastName"))}, nil
}

// queueMail queues the quote e-mail of kind, once per quote, revision and
// kind, in the caller's transaction.
func queueMail(txApp core.App, rec *core.Record, kind string) error {
	to, err := recipientOf(txApp, rec)
	if err != nil || to.Email == "" {
		return err
	}
	key := kind + ":" + rec.Id + ":" + rec.GetString("revision")
	return mail.QueueQuote(txApp, kind, key, mail.Quote{To: to, Number: rec.GetString("number"), Event: rec.GetString("eventName"),
		Total: int64(rec.GetInt("totalCents")), ValidUntil: rec.GetDateTime("validUntil").Time(), Path: "/account/quotes/" + rec.Id})
}

// RunJobs expires the open quotes past their validity date and reminds
// the customers of sent quotes two days before theirs (once each); it
// returns how many of each.
func RunJobs(app core.App, now time.Time) (expired, reminded int, err error) {
	stamp := func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05.000Z") }
	recs := []*core.Record{}
	err = app.RecordQuery(Collection).Where(dbx.NewExp("status IN ('requested', 'sent') AND validUntil != '' AND validUntil < {:now}",
		dbx.Params{"now": stamp(now)})).All(&recs)
	if err != nil {
		return 0, 0, err
	}
	for _, r := range recs {
		if err := db.Write(app, func(txApp core.App) error { return expire(txApp, r.Id, now) }); err != nil {
			return expired, 0, err
		}
		expired++
	}
	recs = recs[:0]
	err = app.RecordQuery(Collection).Where(dbx.NewExp("status = 'sent' AND remindedAt = '' AND validUntil >= {:now} AND validUntil < {:soon}",
		dbx.Params{"now": stamp(now), "soon": stamp(now.Add(reminderBefore))})).All(&recs)
	if err != nil {
		return expired, 0, err
	}
	for _, r := range recs {
		sent := false
		if err := db.Write(app, func(txApp core.App) (err error) { sent, err = remind(txApp, r.Id, now); return err }); err != nil {
			return expired, reminded, err
		}
		if sent {
			reminded++
		}
	}
	return expired, reminded, nil
}

// remind queues the reminder of one quote and notes it, reading the quote
// again in the transaction: an admin's save since the list was read is
// kept (the record listed would overwrite it), and a quote answered,
// reminded or given a later date since gets none.
func remind(txApp core.App, id string, now time.Time) (bool, error) {
	rec, err := txApp.FindRecordById(Collection, id)
	if err != nil {
		return false, err
	}
	v := rec.GetDateTime("validUntil").Time()
	if rec.GetString("status") != StatusSent || !rec.GetDateTime("remindedAt").IsZero() || v.Before(now) || !v.Before(now.Add(reminderBefore)) {
		return false, nil
	}
	rec.Set("remindedAt", now)
	if err := txApp.Save(rec); err != nil {
		return false, err
	}
	return true, queueMail(txApp, rec, kindReminder)
}

// expire marks one quote expired, if it still is open and past its date.
func expire(txApp core.App, id string, now time.Time) error {
	rec, err := txApp.FindRecordById(Collection, id)
	if err != nil {
		return err
	}
	if !open(rec) || rec.GetDateTime("validUntil").Time().After(now) {
		return nil
	}
	rec.Set("status", StatusExpired)
	addHistory(rec, wire.QuoteChange{By: ByShop})
	return txApp.Save(rec)
}
