package shop_test

import (
	"strings"
	"testing"

	"github.com/pocketbase/dbx"

	"stageshop/internal/testapp"
	"stageshop/shop"
	"stageshop/shop/hire"
	"stageshop/shop/mail"
)

// The day before a hire ends its customer gets a reminder, and once it is
// out past its end an overdue notice, each once however often the job
// runs, in the customer's language (Russian here); a returned hire gets
// no notice.
func TestHireRemindersOnce(t *testing.T) {
	app := testapp.New(t)
	o, b := hireOrder(t, app, validInput())
	if _, err := app.DB().NewQuery("UPDATE users SET language = 'ru' WHERE id = (SELECT user FROM orders WHERE id = {:o})").
		Bind(dbx.Params{"o": o.ID}).Execute(); err != nil {
		t.Fatal(err)
	}
	today, err := hire.Today(app)
	if err != nil {
		t.Fatal(err)
	}
	setBooking := func(status, end string) {
		t.Helper()
		if _, err := app.DB().Update(hire.BookingsCollection, dbx.Params{"status": status, "endDate": end}, dbx.HashExp{"id": b.ID}).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	run := func(want int) {
		t.Helper()
		for i := range 2 {
			n, err := shop.RemindHires(app)
			if err != nil || (i == 0 && n != want) || (i == 1 && n != 0) {
				t.Fatalf("run %d: %d e-mails, %v; want %d then none", i, n, err, want)
			}
		}
	}
	run(0) // ends in eleven days
	setBooking(hire.StatusReserved, today.AddDays(1).String())
	run(1)
	reminders := emailsOf(t, app, mail.KindHireReminder)
	if len(reminders) != 1 || reminders[0].Language != "ru" || !strings.Contains(reminders[0].Subject, "нужно вернуть завтра ("+today.AddDays(1).String()+")") {
		t.Fatalf("reminders %+v", reminders)
	}
	setBooking(hire.StatusOut, today.String())
	run(0) // due back today: not overdue yet
	setBooking(hire.StatusOut, today.AddDays(-1).String())
	run(1)
	if overdue := emailsOf(t, app, mail.KindHireOverdue); len(overdue) != 1 || !strings.Contains(overdue[0].Text, "Прокат просрочен") {
		t.Fatalf("overdue %+v", overdue)
	}
	setBooking(hire.StatusReturned, today.AddDays(-3).String())
	run(0)
}
