package webhook

import (
	"context"
	"net/http"
	"time"

	"stageshop/internal/publicnet"
	"stageshop/shop/wire"
)

// ErrAddress is the 400 of a webhook URL that is not https to a public
// address.
var ErrAddress = wire.BadRequest("invalid_webhook_url", "Webhook URLs must be https to a public address")

// CheckURL is the check of a webhook URL at creation and before each
// request and redirect (publicnet.CheckURL), answering ErrAddress.
func CheckURL(ctx context.Context, raw string) error {
	if publicnet.CheckURL(ctx, raw) != nil {
		return ErrAddress
	}
	return nil
}

// checkURL is CheckURL with the reason (for the delivery log).
func checkURL(ctx context.Context, raw string) error { return publicnet.CheckURL(ctx, raw) }

// newClient is the HTTP client of deliveries: public addresses only.
func newClient() *http.Client { return publicnet.NewClient(15 * time.Second) }
