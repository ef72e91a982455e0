package mail

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"stageshop/internal/migrated"
	"stageshop/internal/outbox"
)

// newApp is a real PocketBase app on a copy of the migrated data dir with
// SMTP switched on; the test app's mailer records what is sent instead of
// dialing a server.
func newApp(t *testing.T) *tests.TestApp {
	t.Helper()
	app := migrated.NewApp(t)
	app.Settings().SMTP.Enabled = true
	app.Settings().SMTP.Host = "smtp.invalid"
	app.Settings().Meta.AppURL = "https://shop.example"
	return app
}

// testWorker is a worker on app whose clock the test moves.
func testWorker(t *testing.T, app core.App, clock *time.Time) *Worker {
	t.Helper()
	w, err := NewWorker(app)
	if err != nil {
		t.Fatal(err)
	}
	if clock != nil {
		w.now = func() time.Time { return *clock }
	}
	return w
}

// queueMail queues one e-mail (a back-in-stock notice to userN) in its
// own transaction.
func queueMail(t *testing.T, app core.App, n int) {
	t.Helper()
	err := app.RunInTransaction(func(txApp core.App) error {
		return QueueBackInStock(txApp, fmt.Sprintf("user%d@example.com", n), "en",
			Product{ID: "p1", Name: Text{"en": "Spotlight"}, Price: 12999})
	})
	if err != nil {
		t.Fatal(err)
	}
}

// queueReset queues a password-reset e-mail to userN with token.
func queueReset(t *testing.T, app core.App, n int, token string, expires time.Time) {
	t.Helper()
	err := app.RunInTransaction(func(txApp core.App) error {
		return QueuePasswordReset(txApp, fmt.Sprintf("tok%d", n),
			Recipient{ID: "u", Email: fmt.Sprintf("user%d@example.com", n), Name: "Ann"}, token, expires)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// allEmails reads every e-mail record.
func allEmails(t *testing.T, app core.App) []*core.Record {
	t.Helper()
	recs, err := app.FindAllRecords(Collection)
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// failMailer makes every send fail with msg while *down is true.
func failMailer(app *tests.TestApp, down *atomic.Bool, msg string) {
	app.OnMailerSend().BindFunc(func(e *core.MailerEvent) error {
		if down.Load() {
			return errors.New(msg)
		}
		return e.Next()
	})
}

func TestWorkerSendsAfterCommitOnly(t *testing.T) {
	app := newApp(t)
	boom := errors.New("order failed")
	err := app.RunInTransaction(func(txApp core.App) error {
		if err := QueueBackInStock(txApp, "a@example.com", "en", Product{ID: "p1", Name: Text{"en": "Spotlight"}}); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("tx error = %v", err)
	}
	if n := len(allEmails(t, app)); n != 0 {
		t.Fatalf("a rolled-back change left %d e-mails", n)
	}

	queueMail(t, app, 1)
	w := testWorker(t, app, nil)
	if n, err := w.SendDue(context.Background()); err != nil || n != 1 {
		t.Fatalf("SendDue = %d, %v", n, err)
	}
	msg := app.TestMailer.LastMessage()
	// Queued as a view, rendered when sent.
	link := "https://shop.example/products/p1"
	if len(msg.To) != 1 || msg.To[0].Address != "user1@example.com" || msg.Subject == "" ||
		!strings.Contains(msg.HTML, "<table") || !strings.Contains(msg.HTML, link) || !strings.Contains(msg.Text, link) {
		t.Fatalf("sent %+v", msg)
	}
	rec := allEmails(t, app)[0]
	if rec.GetString("status") != statusSent || rec.GetInt("attempts") != 1 || rec.GetDateTime("sentAt").IsZero() {
		t.Fatalf("record after send: status %s attempts %d sentAt %v", rec.GetString("status"), rec.GetInt("attempts"), rec.GetDateTime("sentAt"))
	}
	// The record keeps what went out, as it went out.
	if rec.GetString("html") != msg.HTML || rec.GetString("text") != msg.Text {
		t.Fatal("the sent e-mail's HTML and text are not kept in the outbox")
	}
	if n, _ := w.SendDue(context.Background()); n != 0 || app.TestMailer.TotalSend() != 1 {
		t.Fatalf("sent again: %d attempts, %d messages", n, app.TestMailer.TotalSend())
	}
}

func TestNothingIsAttemptedWithoutSMTP(t *testing.T) {
	app := newApp(t)
	app.Settings().SMTP.Enabled = false
	queueMail(t, app, 1)
	w := testWorker(t, app, nil)
	if n, err := w.SendDue(context.Background()); err != nil || n != 0 {
		t.Fatalf("SendDue = %d, %v", n, err)
	}
	rec := allEmails(t, app)[0]
	if rec.GetString("status") != StatusQueued || rec.GetInt("attempts") != 0 {
		t.Fatalf("status %s attempts %d", rec.GetString("status"), rec.GetInt("attempts"))
	}
	app.Settings().SMTP.Enabled = true // an admin configures SMTP
	if n, _ := w.SendDue(context.Background()); n != 1 || app.TestMailer.TotalSend() != 1 {
		t.Fatalf("after SMTP is set up: %d attempts, %d sent", n, app.TestMailer.TotalSend())
	}
}

func TestRetryBackoffThenFailed(t *testing.T) {
	app := newApp(t)
	var down atomic.Bool
	down.Store(true)
	failMailer(app, &down, "dial tcp: connection refused")
	queueMail(t, app, 1)
	clock := time.Now()
	w := testWorker(t, app, &clock)

	want := []time.Duration{time.Minute, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour}
	for i := 0; i < 8; i++ {
		want = append(want, 6*time.Hour)
	}
	for i, d := range want {
		if n, err := w.SendDue(context.Background()); err != nil || n != 1 {
			t.Fatalf("attempt %d: SendDue = %d, %v", i+1, n, err)
		}
		rec := allEmails(t, app)[0]
		next := rec.GetDateTime("nextAttemptAt").Time()
		if rec.GetString("status") != StatusQueued || rec.GetInt("attempts") != i+1 ||
			rec.GetString("lastError") != "dial tcp: connection refused" || next.Sub(clock).Round(time.Second) != d {
			t.Fatalf("after attempt %d: status %s attempts %d error %q next in %v (want %v)", i+1,
				rec.GetString("status"), rec.GetInt("attempts"), rec.GetString("lastError"), next.Sub(clock), d)
		}
		clock = clock.Add(d - time.Second) // not due yet
		if n, _ := w.SendDue(context.Background()); n != 0 {
			t.Fatalf("attempt %d retried %v early", i+1, time.Second)
		}
		clock = clock.Add(time.Second)
	}
	if n, _ := w.SendDue(context.Background()); n != 1 {
		t.Fatal("last attempt not made")
	}
	rec := allEmails(t, app)[0]
	if rec.GetString("status") != StatusFailed || rec.GetInt("attempts") != len(want)+1 || rec.GetString("lastError") == "" {
		t.Fatalf("after two days: status %s attempts %d", rec.GetString("status"), rec.GetInt("attempts"))
	}
	down.Store(false)
	clock = clock.Add(24 * time.Hour)
	if n, _ := w.SendDue(context.Background()); n != 0 || app.TestMailer.TotalSend() != 0 {
		t.Fatal("a failed e-mail was sent without a resend")
	}
}

func TestRetrySucceedsOnceServerIsBack(t *testing.T) {
	app := newApp(t)
	var down atomic.Bool
	down.Store(true)
	failMailer(app, &down, "451 try later")
	queueMail(t, app, 1)
	clock := time.Now()
	w := testWorker(t, app, &clock)
	_, _ = w.SendDue(context.Background())
	down.Store(false)
	clock = clock.Add(time.Minute)
	if n, _ := w.SendDue(context.Background()); n != 1 {
		t.Fatal("retry not made")
	}
	rec := allEmails(t, app)[0]
	if rec.GetString("status") != statusSent || rec.GetInt("attempts") != 2 || rec.GetString("lastError") != "" ||
		app.TestMailer.TotalSend() != 1 {
		t.Fatalf("status %s attempts %d error %q sent %d", rec.GetString("status"), rec.GetInt("attempts"),
			rec.GetString("lastError"), app.TestMailer.TotalSend())
	}
}

func TestExactlyOnceWithTwoWorkers(t *testing.T) {
	app := newApp(t)
	const n = 40
	for i := 0; i < n; i++ {
		queueMail(t, app, i)
	}
	var mu sync.Mutex
	perRecipient := map[string]int{}
	app.OnMailerSend().BindFunc(func(e *core.MailerEvent) error {
		time.Sleep(time.Millisecond) // a send takes time: the workers overlap
		mu.Lock()
		perRecipient[e.Message.To[0].Address]++
		mu.Unlock()
		return e.Next()
	})
	var wg sync.WaitGroup
	attempts := make([]int, 2)
	for i := range attempts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			attempts[i], _ = testWorker(t, app, nil).SendDue(context.Background())
		}()
	}
	wg.Wait()
	if attempts[0]+attempts[1] != n || len(perRecipient) != n {
		t.Fatalf("attempts %v, %d recipients", attempts, len(perRecipient))
	}
	for to, c := range perRecipient {
		if c != 1 {
			t.Errorf("%s got %d e-mails", to, c)
		}
	}
	if attempts[0] == 0 || attempts[1] == 0 {
		t.Logf("one worker did all the work: %v", attempts) // allowed, but the claim was still exercised
	}
}

// A restart: e-mails queued by a server that stopped, one of them claimed
// by a worker killed mid-send, are sent by the next run's worker.
func TestRestartPicksUpQueuedMail(t *testing.T) {
	first := newApp(t)
	queueMail(t, first, 1)
	queueMail(t, first, 2)
	clock := time.Now()
	dead := testWorker(t, first, &clock)
	ids, err := dueIDs(first, outbox.DBTime(clock), 20)
	if err != nil || len(ids) != 2 {
		t.Fatalf("due %v %v", ids, err)
	}
	if ok, err := dead.Claim(ids[0]); !ok || err != nil {
		t.Fatalf("claim %v %v", ok, err)
	}
	// The process dies here; its data dir is what the next run opens.
	if _, err := first.DB().NewQuery("PRAGMA wal_checkpoint(TRUNCATE)").Execute(); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, name := range []string{"data.db", "auxiliary.db"} {
		b, err := os.ReadFile(filepath.Join(first.DataDir(), name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	second, err := tests.NewTestApp(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(second.Cleanup)
	second.Settings().SMTP.Enabled = true

	later := clock.Add(6 * time.Minute) // the dead worker's claim has lapsed
	w := testWorker(t, second, &later)
	if n, err := w.SendDue(context.Background()); err != nil || n != 2 || second.TestMailer.TotalSend() != 2 {
		t.Fatalf("SendDue = %d, %v; sent %d", n, err, second.TestMailer.TotalSend())
	}
}

// Register's worker starts on serve, is woken by each committed e-mail,
// uses the serve address as the public URL, and stops on terminate.
func TestRegisterRunsTheWorker(t *testing.T) {
	app := migrated.NewApp(t)
	app.Settings().SMTP.Enabled = true
	Register(app)
	se := &core.ServeEvent{App: app, Server: &http.Server{Addr: "127.0.0.1:8123"}}
	if err := app.OnServe().Trigger(se, func(*core.ServeEvent) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if got := PublicURL(app); got != "http://127.0.0.1:8123" {
		t.Errorf("public URL %q", got)
	}
	queueMail(t, app, 1)
	deadline := time.Now().Add(5 * time.Second)
	for app.TestMailer.TotalSend() == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if app.TestMailer.TotalSend() != 1 {
		t.Fatal("the worker did not send the committed e-mail")
	}
	done := make(chan struct{})
	go func() { app.Cleanup(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("terminate did not stop the worker")
	}
}

func TestRetryIntervalEnv(t *testing.T) {
	app := newApp(t)
	t.Setenv(retryIntervalEnv, "2s")
	w := testWorker(t, app, nil)
	if len(w.delays) != len(defaultRetryDelays) || w.delays[0] != 2*time.Second || w.delays[len(w.delays)-1] != 2*time.Second {
		t.Fatalf("delays %v", w.delays)
	}
	t.Setenv(retryIntervalEnv, "soon")
	if _, err := NewWorker(app); err == nil {
		t.Fatal("a bad interval was accepted")
	}
}
