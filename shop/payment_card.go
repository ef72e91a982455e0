package shop

import (
	"context"
	"fmt"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop/locale"
	"stageshop/shop/mail"
	"stageshop/shop/wire"
)

// Attempt statuses.
const (
	AttemptCreating = "creating" // recorded, the provider not asked yet (or no answer)
	AttemptOpen     = "open"
	AttemptComplete = "complete"
	AttemptExpired  = "expired"
	AttemptFailed   = "failed"
)

// MaxPaymentAttempts bounds the hosted pages one order may open, so "pay
// again" cannot hold stock for ever.
const MaxPaymentAttempts = 10

// ErrNotPayable: pay again on an order that is not one's own unpaid card
// order still holding its stock.
var ErrNotPayable = wire.Conflict("not_payable", "This order cannot be paid by card now")

// Payment errors a new card order can carry instead of a checkout URL.
const (
	PaymentErrorUnavailable = "card_unavailable" // the provider did not answer; pay again later
)

// Currency is the shop's currency (prices are dollars).
const Currency = "usd"

// newAttempt records the next attempt of a card order (status creating)
// in the caller's transaction and returns its record.
func newAttempt(txApp core.App, order *core.Record) (*core.Record, error) {
	var n int
	err := txApp.DB().Select("COALESCE(MAX(attempt), 0)").From(PaymentAttemptsCollection).
		Where(dbx.HashExp{"orderRef": order.Id}).Row(&n)
	if err != nil {
		return nil, err
	}
	if n >= MaxPaymentAttempts {
		return nil, ErrNotPayable
	}
	col, err := txApp.FindCachedCollectionByNameOrId(PaymentAttemptsCollection)
	if err != nil {
		return nil, err
	}
	a := core.NewRecord(col)
	a.Set("orderRef", order.Id)
	a.Set("provider", ProviderStripe)
	a.Set("attempt", n+1)
	a.Set("amountCents", cents(order, "amountDueCents")-cents(order, "amountPaidCents"))
	a.Set("currency", Currency)
	a.Set("status", AttemptCreating)
	a.Set("expiresAt", order.GetDateTime("holdUntil"))
	return a, txApp.SaveNoValidate(a)
}

// startFirstCheckout opens the hosted page of a new card order; when the
// provider fails the order stays pending and the shopper can pay again.
func startFirstCheckout(app core.App, d *OrderDetail) {
	url, err := openCheckout(app, d.ID, 1)
	if err != nil {
		app.Logger().Warn("card checkout could not be opened", "order", d.ID, "error", err.Error())
		d.PaymentError = PaymentErrorUnavailable
		return
	}
	d.CheckoutURL = url
}

// openCheckout asks the provider for the hosted page of an attempt and
// stores what it answered. The idempotency key names order, attempt and
// amount, so a retry of the same attempt gets the same page.
func openCheckout(app core.App, orderID string, attempt int) (string, error) {
	s, err := LoadPaymentSettings(app)
	if err != nil {
		return "", err
	}
	provider, err := cardProvider(app, s)
	if err != nil {
		return "", err
	}
	if s, err = ensureShopID(app, s); err != nil {
		return "", err
	}
	order, err := findOrder(app, orderID)
	if err != nil {
		return "", err
	}
	a, err := app.FindFirstRecordByFilter(PaymentAttemptsCollection, "orderRef = {:o} && attempt = {:n}",
		dbx.Params{"o": orderID, "n": attempt})
	if err != nil {
		return "", err
	}
	req, err := checkoutRequest(app, order, a, s)
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(context.Background(), providerTimeout)
	defer cancel()
	sess, err := provider.CreateCheckout(ctx, req)
	if err != nil {
		return "", err
	}
	err = db.Write(app, func(txApp core.App) error {
		fresh, err := txApp.FindRecordById(PaymentAttemptsCollection, a.Id)
		if err != nil {
			return err
		}
		fresh.Set("reference", sess.ID)
		fresh.Set("url", sess.URL)
		if fresh.GetString("status") == AttemptCreating { // a webhook may have completed it already
			fresh.Set("status", AttemptOpen)
		}
		return txApp.SaveNoValidate(fresh)
	})
	return sess.URL, err
}

// paymentTexts are the payment's words the customer reads on the
// provider's pages (shop/locale's "payment" catalogue).
var paymentTexts = locale.Texts("payment")

// checkoutRequest is what the provider is asked for one attempt.
func checkoutRequest(app core.App, order, a *core.Record, s PaymentSettings) (CheckoutRequest, error) {
	to, err := customerOf(app, order)
	if err != nil {
		return CheckoutRequest{}, err
	}
	amount := cents(a, "amountCents")
	expires := a.GetDateTime("expiresAt").Time()
	if min := time.Now().Add(MinHoldMinutes*time.Minute + time.Minute); expires.Before(min) {
		expires = min // Stripe's shortest session
	}
	if max := time.Now().Add(24*time.Hour - time.Minute); expires.After(max) {
		expires = max // Stripe's longest: a quoted order's days to pay outlast its pages
	}
	back := mail.PublicURL(app) + mail.PagePath(to.Language, "/checkout/payment/"+order.Id)
	lang := locale.Lang(to.Language)
	return CheckoutRequest{
		OrderID: order.Id, OrderNumber: order.GetString("orderNumber"), Attempt: a.GetInt("attempt"),
		Title:  paymentTexts.T(lang, "checkoutLine", "number", order.GetString("orderNumber")),
		Amount: amount, Currency: Currency, CustomerEmail: to.Email, Language: lang,
		SuccessURL: back + "?result=success", CancelURL: back + "?result=cancel",
		ExpiresAt: expires, ShopID: s.ShopID,
		IdempotencyKey: fmt.Sprintf("stageshop:%s:attempt:%d:amount:%d", order.Id, a.GetInt("attempt"), amount),
	}, nil
}

// PayAgain opens a new hosted page for one of the user's own card orders
// that is still unpaid and holding its stock; the first pay-again starts
// the hold again, later ones keep it (extendHoldOnce; a freight quote's
// longer time to pay is kept). Open pages of earlier
// attempts are closed first, so the order is never paid twice. Anything
// else is ErrNotPayable (someone else's order: ErrOrderNotFound).
func PayAgain(app core.App, userID, orderID string) (string, error) {
	s, err := LoadPaymentSettings(app)
	if err != nil {
		return "", err
	}
	if _, err := cardProvider(app, s); err != nil {
		return "", ErrNotPayable
	}
	var attempt int
	var open []string
	err = db.Write(app, func(txApp core.App) error {
		order, err := findOrder(txApp, orderID)
		if err != nil {
			return err
		}
		if userID == "" || order.GetString("user") != userID {
			return ErrOrderNotFound
		}
		if !payable(order, time.Now()) {
			return ErrNotPayable
		}
		if open, err = openAttemptRefs(txApp, order.Id); err != nil {
			return err
		}
		if err := extendHoldOnce(txApp, order, s.Hold()); err != nil {
			return err
		}
		a, err := newAttempt(txApp, order)
		if err != nil {
			return err
		}
		attempt = a.GetInt("attempt")
		return nil
	})
	if err != nil {
		return "", err
	}
	closeCheckouts(app, open)
	return openCheckout(app, orderID, attempt)
}

// extendHoldOnce starts the order's hold again for the first pay-again
// only: later ones keep the hold as it is, so one card order holds its
// stock for at most two holds (issue 43: nine pay-agains held it for about
// 10 hours). A freight quote's longer days to pay are kept.
func extendHoldOnce(txApp core.App, order *core.Record, hold time.Duration) error {
	var attempts int
	err := txApp.DB().Select("COUNT(*)").From(PaymentAttemptsCollection).
		Where(dbx.HashExp{"orderRef": order.Id}).Row(&attempts)
	if err != nil || attempts > 1 {
		return err
	}
	until := time.Now().Add(hold)
	if cur := order.GetDateTime("holdUntil").Time(); cur.After(until) {
		until = cur
	}
	order.Set("holdUntil", until)
	return txApp.Save(order)
}

// payable reports whether a card order can still be paid: Created,
// pending and within its hold.
func payable(order *core.Record, now time.Time) bool {
	return order.GetString("paymentMethod") == MethodCard && order.GetString("status") == StatusCreated &&
		order.GetString("paymentStatus") == PayPending && now.Before(order.GetDateTime("holdUntil").Time())
}

// openAttemptRefs lists the provider references of an order's open pages.
func openAttemptRefs(app core.App, orderID string) ([]string, error) {
	var refs []string
	err := app.DB().Select("reference").From(PaymentAttemptsCollection).
		Where(dbx.HashExp{"orderRef": orderID, "status": []any{AttemptOpen, AttemptCreating}}).
		AndWhere(dbx.NewExp("reference != ''")).Column(&refs)
	return refs, err
}

// closeCheckouts asks the provider to expire hosted pages (best effort: a
// page that was paid meanwhile cannot be expired, and its webhook or the
// reconciliation settles it).
func closeCheckouts(app core.App, refs []string) {
	if len(refs) == 0 {
		return
	}
	s, err := LoadPaymentSettings(app)
	if err != nil {
		return
	}
	provider, err := cardProvider(app, s)
	if err != nil {
		return
	}
	for _, ref := range refs {
		ctx, cancel := context.WithTimeout(context.Background(), providerTimeout)
		if err := provider.ExpireCheckout(ctx, ref); err != nil {
			app.Logger().Info("an earlier payment page could not be closed", "session", ref, "error", err.Error())
		}
		cancel()
	}
}
