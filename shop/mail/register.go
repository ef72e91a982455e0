package mail

import (
	"context"
	"net"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"stageshop/internal/db"
	"stageshop/internal/outbox"
)

// pocketBaseDefaultURL is the application URL of a fresh PocketBase.
const pocketBaseDefaultURL = "http://localhost:8090"

// Register runs the outbox with app: on serve it sets the default public
// URL (the serve address, unless an operator set one) and starts a worker;
// each e-mail committed to the outbox wakes it; on terminate the worker
// finishes the send in progress and stops. Queued e-mails left by an
// earlier run are sent as soon as the worker starts.
func Register(app core.App) {
	w, err := NewWorker(app)
	if w != nil {
		stateOf(app).worker.Store(w)
	}
	if app.IsBootstrapped() {
		refreshSettings(app) // later reloads refresh it below
	}
	keepAdmins(app)
	bindWake(app, w)
	app.OnSettingsReload().BindFunc(func(e *core.SettingsReloadEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		refreshSettings(e.App)
		if w != nil {
			w.Wake() // SMTP may just have been configured
		}
		return nil
	})
	outbox.Serve(app, "mail worker", func(se *core.ServeEvent) error {
		if err != nil {
			return err // a bad STAGESHOP_MAIL_RETRY_INTERVAL stops the start
		}
		defaultPublicURL(se)
		refreshSettings(se.App)
		return nil
	}, func(ctx context.Context) { w.Run(ctx) })
}

// bindWake wakes w for each e-mail committed to the outbox: after the
// commit (never for a rolled-back change), once the kept admins and the
// search index are up to date (db.AfterCommitNotify).
func bindWake(app core.App, w *Worker) {
	app.OnRecordAfterCreateSuccess(Collection).Bind(&hook.Handler[*core.RecordEvent]{
		Id:       "stageshop.mail.wake",
		Priority: db.AfterCommitNotify,
		Func: func(e *core.RecordEvent) error {
			switch {
			case w != nil && IsSecurity(e.Record.GetString("kind")):
				w.WakeUrgent()
			case w != nil:
				w.Wake()
			}
			return e.Next()
		},
	})
}

// defaultPublicURL makes the serve address the shop's public URL (links in
// e-mails) while the dashboard's Settings > Application > URL is still
// PocketBase's default. It is kept in memory only, so serving on another
// address later follows that address; an operator's URL is never touched.
func defaultPublicURL(se *core.ServeEvent) {
	meta := &se.App.Settings().Meta
	if meta.AppURL != pocketBaseDefaultURL || se.Server == nil {
		return
	}
	host, port, err := net.SplitHostPort(se.Server.Addr)
	if err != nil {
		return
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "localhost"
	}
	// PocketBase sets a TLS config on every server; only --https serves on 443.
	scheme := "http://"
	if port == "443" || port == "https" {
		scheme = "https://"
	}
	meta.AppURL = scheme + net.JoinHostPort(host, port)
}

// ShopName is the shop's name: the store details' (UseIdentity), else
// Settings > Application > name.
func ShopName(app core.App) string {
	return identityOf(app).Name
}

// PublicURL is the shop's public URL without a trailing slash.
func PublicURL(app core.App) string {
	return strings.TrimRight(currentSettings(app).Meta.AppURL, "/")
}
