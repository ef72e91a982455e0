package shop

import (
	"encoding/json"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop/hire"
	"stageshop/shop/locale"
	"stageshop/shop/mail"
	"stageshop/shop/wire"
)

// hireMailRow is a booking a hire e-mail is about, with its order.
type hireMailRow struct {
	ID       string `db:"id"`
	OrderID  string `db:"orderRef"`
	Product  string `db:"product"`
	Quantity int    `db:"quantity"`
	Start    string `db:"startDate"`
	End      string `db:"endDate"`
}

// RemindHires queues the hire e-mails due on the shop's date today (api.md
// "Hire"): the reminder the day before a booking's end (reserved or out),
// and the overdue notice once a booking that is out has passed its end.
// Each goes once per booking (the outbox keeps one e-mail per event key),
// however often and on however many servers the job runs; a kit's
// components get none of their own. It returns how many it queued.
func RemindHires(app core.App) (int, error) {
	today, err := hire.Today(app)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, job := range []struct{ kind, where string }{
		{mail.KindHireReminder, "status IN ('reserved', 'out') AND endDate = {:d}"},
		{mail.KindHireOverdue, "status = 'out' AND endDate < {:d}"},
	} {
		date := today.String()
		if job.kind == mail.KindHireReminder {
			date = today.AddDays(1).String()
		}
		var rows []hireMailRow
		err := app.DB().Select("id", "orderRef", "product", "quantity", "startDate", "endDate").From(hire.BookingsCollection).
			Where(dbx.NewExp("kitBooking = '' AND "+job.where, dbx.Params{"d": date})).
			AndWhere(dbx.NewExp("id NOT IN (SELECT substr(eventKey, {:from}) FROM "+mail.Collection+" WHERE kind = {:kind})",
				dbx.Params{"from": len(job.kind) + 2, "kind": job.kind})).All(&rows)
		if err != nil {
			return n, err
		}
		for _, r := range rows {
			if err := db.Write(app, func(txApp core.App) error { return queueHireMail(txApp, job.kind, r) }); err != nil {
				return n, err
			}
			n++
		}
	}
	return n, nil
}

// queueHireMail queues one hire e-mail of kind about booking r to its
// order's customer, in their language.
func queueHireMail(txApp core.App, kind string, r hireMailRow) error {
	order, err := findOrder(txApp, r.OrderID)
	if err != nil {
		return err
	}
	to, err := customerOf(txApp, order)
	if err != nil || to.Email == "" {
		return err
	}
	var p struct {
		Name      string `db:"name"`
		Localized string `db:"nameLocalized"`
	}
	if err := txApp.DB().Select("name", "nameLocalized").From("products").Where(dbx.HashExp{"id": r.Product}).One(&p); err != nil {
		return err
	}
	var name wire.Localized
	_ = json.Unmarshal([]byte(p.Localized), &name) // none: the plain name
	return mail.QueueHire(txApp, kind, kind+":"+r.ID, mail.Hire{To: to, OrderID: order.Id,
		OrderNumber: order.GetString("orderNumber"), Item: name.Get(locale.Lang(to.Language), p.Name),
		Quantity: r.Quantity, Start: r.Start, End: r.End})
}
