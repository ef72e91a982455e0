package routes

import (
	"encoding/json"
	"fmt"
	"testing"

	"stageshop/shop/cart"
	"stageshop/shop/wire"
)

// A shop error answers with its own status and code, however deeply it is
// wrapped, so a new one needs no edit here (issue 42); the envelope is the
// contract's, with the figures of typed errors.
func TestErrorsCarryTheirCode(t *testing.T) {
	newErr := wire.Conflict("some_new_rule", "A rule added after this test")
	for err, want := range map[error]string{
		fmt.Errorf("in a use case: %w", newErr): `{"status":409,"code":"some_new_rule","message":"A rule added after this test"}`,
		cart.ErrVariantRequired: `{"status":400,"code":"variant_required","message":"Please choose the product's options",` +
			`"errors":{"variantId":"Choose one of the product's variants"}}`,
		fmt.Errorf("wrapped: %w", &cart.StockError{ProductID: "p1", VariantID: "v1", Available: -1}): `{"status":409,` +
			`"code":"insufficient_stock","message":"Only 0 left in stock","available":{"p1":0,"v1":0}}`,
		&cart.LineLimitError{Limit: 20}: `{"status":409,"code":"line_limit",` +
			`"message":"At most 20 units of one item per order: for more, please contact the shop","limit":20}`,
	} {
		ae := envelopeOf(err)
		if ae == nil {
			t.Fatalf("%v: no envelope", err)
		}
		got, _ := json.Marshal(ae)
		if string(got) != want {
			t.Errorf("%v:\n got %s\nwant %s", err, got, want)
		}
	}
	if ae := envelopeOf(fmt.Errorf("disk full")); ae != nil {
		t.Errorf("an unexpected error got the envelope %+v", ae)
	}
}
