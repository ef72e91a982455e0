package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// call sends one JSON request as customer c (no auth when c is nil) and
// returns the status, the body and the latency.
func call(ctx context.Context, client *http.Client, base string, c *customer, method, path string, body any) (int, []byte, time.Duration, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, nil, 0, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, base+path, rd)
	if err != nil {
		return 0, nil, 0, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c != nil {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	t0 := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		return 0, nil, time.Since(t0), err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, b, time.Since(t0), err
}

// cartJSON is the part of the cart object the bench reads.
type cartJSON struct {
	ID    string `json:"id"`
	Items []struct {
		ID        string `json:"id"`
		ProductID string `json:"productId"`
		Quantity  int    `json:"quantity"`
	} `json:"items"`
}

// lineFor returns the cart line id of product id.
func (c cartJSON) lineFor(productID string) (string, int, bool) {
	for _, it := range c.Items {
		if it.ProductID == productID {
			return it.ID, it.Quantity, true
		}
	}
	return "", 0, false
}

// checkoutPayment is the payment method the loads ask for ("": the
// server's default); test 10 sets it.
var checkoutPayment string

// checkoutBody is a valid order request (shipping copied to billing).
func checkoutBody(c *customer) map[string]any {
	body := map[string]any{
		"shippingInfo": map[string]string{
			"firstName": "Bench", "lastName": "Customer", "address": "1 Stage Street",
			"city": "Springfield", "state": "IL", "zipCode": "62701", "country": "US",
			"phone": "+1 555 0100", "email": c.Email,
		},
		"billingInfo":           map[string]string{},
		"useShippingForBilling": true,
		"shippingMethod":        "standard",
	}
	if checkoutPayment != "" {
		body["paymentMethod"] = checkoutPayment
	}
	return body
}

// statusError describes an unexpected answer.
func statusError(what string, status int, body []byte) error {
	if len(body) > 300 {
		body = body[:300]
	}
	return fmt.Errorf("%s: status %d: %s", what, status, body)
}
