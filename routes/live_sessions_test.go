package routes_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"stageshop/internal/testapp"
)

// endCase ends a session of victim (signed in with token and refresh);
// other is another admin.
type endCase func(t *testing.T, h testapp.Harness, victim testapp.User, token, refresh string, other testapp.User)

// Ending a session ends its realtime streams at once: an admin's stream
// subscribed before the end receives no order event after it (it is
// closed), while another admin's stream, and for a logout the same admin's
// other sign-in, still do. One case per way a session ends (issue 27, 4).
func TestLiveStreamsEndWithTheSession(t *testing.T) {
	cases := map[string]endCase{
		"logout": func(t *testing.T, h testapp.Harness, _ testapp.User, token, refresh string, _ testapp.User) {
			c := h.Client
			expectStatus(t, c.Do("POST", "/api/auth/logout", map[string]any{"refreshToken": refresh}, testapp.Auth(token)...), http.StatusOK)
		},
		"logout everywhere": func(t *testing.T, h testapp.Harness, _ testapp.User, token, _ string, _ testapp.User) {
			c := h.Client
			expectStatus(t, c.Do("POST", "/api/auth/logout", nil, testapp.Auth(token)...), http.StatusOK)
		},
		"refresh-token reuse": func(t *testing.T, h testapp.Harness, _ testapp.User, _, refresh string, _ testapp.User) {
			c := h.Client
			var next struct{ RefreshToken string }
			r := c.Do("POST", "/api/auth/refresh", map[string]any{"refreshToken": refresh})
			r.JSON(t, &next)
			expectStatus(t, c.Do("POST", "/api/auth/refresh", map[string]any{"refreshToken": next.RefreshToken}), http.StatusOK)
			// The first token again, its successor spent: theft, the family is revoked.
			expectStatus(t, c.Do("POST", "/api/auth/refresh", map[string]any{"refreshToken": refresh}), http.StatusUnauthorized)
		},
		"password change": func(t *testing.T, h testapp.Harness, v testapp.User, token, _ string, _ testapp.User) {
			c := h.Client
			expectStatus(t, c.Do("PUT", "/api/auth/profile", map[string]any{"firstName": "Ada", "lastName": "L", "email": v.Record.Email(),
				"currentPassword": "Secret123", "newPassword": "Newer456x", "confirmPassword": "Newer456x"}, testapp.Auth(token)...), http.StatusOK)
		},
		"password reset": func(t *testing.T, h testapp.Harness, v testapp.User, _, _ string, _ testapp.User) {
			c := h.Client
			expectStatus(t, c.Do("POST", "/api/auth/forgot-password", map[string]any{"email": v.Record.Email()}), http.StatusAccepted)
			reset := map[string]any{"token": waitResetToken(t, h, v.Record.Email()), "password": "Newer456x", "confirmPassword": "Newer456x"}
			expectStatus(t, c.Do("POST", "/api/auth/reset-password", reset), http.StatusOK)
		},
		"e-mail change": func(t *testing.T, h testapp.Harness, _ testapp.User, token, _ string, _ testapp.User) {
			c := h.Client
			expectStatus(t, c.Do("PUT", "/api/auth/profile", map[string]any{"firstName": "Ada", "lastName": "L",
				"email": "moved@example.com", "currentPassword": "Secret123"}, testapp.Auth(token)...), http.StatusOK)
		},
		"role removal": func(t *testing.T, h testapp.Harness, v testapp.User, _, _ string, other testapp.User) {
			expectStatus(t, h.Client.Do("PUT", "/api/admin/users/"+v.ID()+"/roles", map[string]any{"roles": []string{"Customer"}},
				testapp.Auth(other.Token)...), http.StatusOK)
		},
		"role removal in the dashboard": func(t *testing.T, h testapp.Harness, v testapp.User, _, _ string, _ testapp.User) {
			expectStatus(t, h.Client.Do("PATCH", "/api/collections/users/records/"+v.ID(), map[string]any{"roles": []string{"Customer"}},
				testapp.Auth(superuserToken(t, h.App))...), http.StatusOK)
		},
	}
	for name, end := range cases {
		t.Run(name, func(t *testing.T) {
			h := testapp.NewHarness(t)
			srv := httptest.NewServer(h.Client.Handler)
			t.Cleanup(srv.Close)
			victim, other := testapp.NewUser(t, h.App, true), testapp.NewUser(t, h.App, true)
			first := login(t, h.Client, victim.Record.Email(), "Secret123")
			token, refresh := first.Token, first.RefreshToken
			secondToken := login(t, h.Client, victim.Record.Email(), "Secret123").Token
			stream := subscribe(t, srv, token, "orders/*")
			second := subscribe(t, srv, secondToken, "orders/*")
			watcher := subscribe(t, srv, other.Token, "orders/*")

			end(t, h, victim, token, refresh, other)
			select {
			case <-stream.closed:
			case <-time.After(2 * time.Second):
				t.Errorf("%s: the stream is still open", name)
			}
			customer := testapp.NewUser(t, h.App, false)
			p := testapp.NewProduct(t, h.App, testapp.Product{Stock: 1})
			addLine(t, h.Client, customer.Token, p.Id, 1)
			order := placeOrder(t, h.Client, customer.Token, orderBody())
			watcher.waitFor(t, "the order for another admin", isAction("orders", "create", order.ID))
			if name == "logout" {
				second.waitFor(t, "the order on the admin's other sign-in", isAction("orders", "create", order.ID))
			}
			time.Sleep(100 * time.Millisecond)
			if evs := stream.take(); len(evs) > 0 {
				t.Errorf("%s: the ended stream received %v", name, topicsOf(evs))
			}
		})
	}
}

func expectStatus(t *testing.T, r testapp.Response, want int) {
	t.Helper()
	if r.Status != want {
		t.Fatalf("%d %s, want %d", r.Status, r.Body, want)
	}
}
