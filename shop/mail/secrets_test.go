package mail

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

const secretToken = "Tok3n-of-the-user_0123456789abcdefghij"

// The stored e-mail, its preview, the list and what is kept after sending
// never hold the token; only the message that goes out does (issue 27, 1:
// before, an admin read the link in the outbox and took the account over).
func TestResetLinkOnlyInTheSentMessage(t *testing.T) {
	app := newApp(t)
	queueReset(t, app, 1, secretToken, time.Now().Add(time.Hour))
	rec := allEmails(t, app)[0]
	noSecret := func(stage string) {
		t.Helper()
		stored, err := app.FindRecordById(Collection, rec.Id)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := json.Marshal(stored)
		preview, err := Get(app, rec.Id)
		if err != nil {
			t.Fatal(err)
		}
		page, err := List(app, ListQuery{Page: 1, PageSize: 20})
		if err != nil {
			t.Fatal(err)
		}
		list, _ := json.Marshal(page)
		for what, s := range map[string]string{"record": string(raw), "preview": preview.HTML + preview.Text, "list": string(list)} {
			if strings.Contains(s, secretToken) {
				t.Fatalf("%s: the %s holds the reset token", stage, what)
			}
		}
		if !strings.Contains(preview.Text, "https://shop.example/reset-password?token="+RedactedLinkToken) {
			t.Fatalf("%s: the preview does not show the redacted link:\n%s", stage, preview.Text)
		}
	}
	noSecret("queued")

	w := testWorker(t, app, nil)
	if n, err := w.SendDue(context.Background()); err != nil || n != 1 {
		t.Fatalf("SendDue = %d, %v", n, err)
	}
	msg := app.TestMailer.LastMessage()
	link := "https://shop.example/reset-password?token=" + secretToken
	if !strings.Contains(msg.HTML, link) || !strings.Contains(msg.Text, link) {
		t.Fatalf("the sent e-mail lacks the working link:\n%s", msg.Text)
	}
	noSecret("sent")
	if _, ok := secretsOf(app).token(rec.Id, time.Now()); ok {
		t.Fatal("the token is still held after the e-mail went out")
	}
	if _, err := Resend(app, rec.Id); !errors.Is(err, ErrNotResendable) {
		t.Fatalf("resend: %v", err)
	}
	if stored, _ := app.FindRecordById(Collection, rec.Id); stored.GetString("status") != statusSent {
		t.Fatal("a refused resend changed the e-mail")
	}
}

// A link that expired before it could be sent, or that a restart lost, is
// never sent (not even with the placeholder): the e-mail fails at once with
// a reason an admin can read.
func TestResetLinkExpiredOrLostFailsAtOnce(t *testing.T) {
	for name, prepare := range map[string]func(app core.App){
		"expired": func(app core.App) { queueReset(t, app, 1, secretToken, time.Now().Add(-time.Second)) },
		"restart": func(app core.App) {
			queueReset(t, app, 1, secretToken, time.Now().Add(time.Hour))
			s := secretsOf(app) // the memory of the process that queued it
			s.mu.Lock()
			clear(s.links)
			s.mu.Unlock()
		},
	} {
		t.Run(name, func(t *testing.T) {
			app := newApp(t)
			prepare(app)
			if n, err := testWorker(t, app, nil).SendDue(context.Background()); err != nil || n != 1 {
				t.Fatalf("SendDue = %d, %v", n, err)
			}
			rec := allEmails(t, app)[0]
			if app.TestMailer.TotalSend() != 0 || rec.GetString("status") != StatusFailed || rec.GetInt("attempts") != 1 ||
				!strings.Contains(rec.GetString("lastError"), "ask for a new one") {
				t.Fatalf("sent %d; status %s attempts %d error %q", app.TestMailer.TotalSend(),
					rec.GetString("status"), rec.GetInt("attempts"), rec.GetString("lastError"))
			}
		})
	}
}

// A reset whose transaction rolls back leaves neither e-mail nor token.
func TestResetRolledBackHoldsNothing(t *testing.T) {
	app := newApp(t)
	boom := errors.New("boom")
	err := app.RunInTransaction(func(txApp core.App) error {
		if err := QueuePasswordReset(txApp, "t1", Recipient{Email: "a@example.com"}, secretToken, time.Now().Add(time.Hour)); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatal(err)
	}
	s := secretsOf(app)
	s.mu.Lock()
	held := len(s.links)
	s.mu.Unlock()
	if held != 0 || len(allEmails(t, app)) != 0 {
		t.Fatalf("held %d tokens, %d e-mails", held, len(allEmails(t, app)))
	}
}

// sentOrder records the recipients in the order the mailer got them.
func sentOrder(app *tests.TestApp, also func(n int)) *[]string {
	var mu sync.Mutex
	order := []string{}
	app.OnMailerSend().BindFunc(func(e *core.MailerEvent) error {
		mu.Lock()
		order = append(order, e.Message.To[0].Address)
		n := len(order)
		mu.Unlock()
		if also != nil {
			also(n)
		}
		return e.Next()
	})
	return &order
}

// Issue 27, 3: a reset e-mail queued behind a backlog of notices goes out
// first; one queued while the worker is sending a batch goes out next (the
// worker looks again), not after the batch. Before, it waited for the
// whole backlog.
func TestSecurityMailGoesAheadOfABacklog(t *testing.T) {
	const backlog = 50
	t.Run("queued behind a backlog", func(t *testing.T) {
		app := newApp(t)
		Register(app)
		for i := 0; i < backlog; i++ {
			queueMail(t, app, i)
		}
		queueReset(t, app, 999, secretToken, time.Now().Add(time.Hour))
		order := sentOrder(app, nil)
		w := stateOf(app).worker.Load()
		if _, err := w.SendDue(context.Background()); err != nil {
			t.Fatal(err)
		}
		if len(*order) != backlog+1 || (*order)[0] != "user999@example.com" {
			t.Fatalf("the reset went out as e-mail %d of %d", slices.Index(*order, "user999@example.com")+1, len(*order))
		}
	})
	t.Run("queued while a batch is sent", func(t *testing.T) {
		app := newApp(t)
		Register(app)
		for i := 0; i < backlog; i++ {
			queueMail(t, app, i)
		}
		order := sentOrder(app, func(n int) {
			if n == 1 { // while the first notice goes out, a user asks for a reset
				queueReset(t, app, 999, secretToken, time.Now().Add(time.Hour))
			}
		})
		w := stateOf(app).worker.Load()
		if _, err := w.SendDue(context.Background()); err != nil {
			t.Fatal(err)
		}
		if len(*order) != backlog+1 || (*order)[1] != "user999@example.com" {
			t.Fatalf("the reset went out as e-mail %d of %d", slices.Index(*order, "user999@example.com")+1, len(*order))
		}
	})
}
