package routes_test

import (
	"net/http"
	"testing"

	"stageshop/internal/testapp"
)

// Single-line fields lose line breaks (no header injection in the e-mails
// that quote them), NUL and the bidi overrides that disguise text; the
// message keeps its lines. A subject of control characters only is empty.
func TestContactControlCharactersStripped(t *testing.T) {
	h := testapp.NewHarness(t)
	id := submit(t, h.Client, map[string]any{
		"name":    "Ada\x00 \u202Egnp.exe\u202C Lovelace",
		"email":   "ada@example.com",
		"subject": "Rental\r\nBcc: victim@example.com",
		"message": "Line one\r\nLine two\x00\u2066\tend",
	})
	rec, err := h.App.FindRecordById("contact_requests", id)
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.GetString("name"); got != "Ada gnp.exe Lovelace" {
		t.Errorf("name stored as %q", got)
	}
	if got := rec.GetString("subject"); got != "Rental  Bcc: victim@example.com" {
		t.Errorf("subject stored as %q", got)
	}
	if got := rec.GetString("message"); got != "Line one\nLine two\tend" {
		t.Errorf("message stored as %q", got)
	}
	r := h.Client.Do("POST", "/api/contact/submit", map[string]any{"name": "A", "email": "a@b.co", "subject": "\r\n\x00\u202E", "message": "M"})
	wantFields(t, wantError(t, r, http.StatusBadRequest, "validation_failed"), "subject")
}

// Account names are single-line fields too.
func TestAccountNamesStripped(t *testing.T) {
	h := testapp.NewHarness(t)
	var out struct{ User apiUser }
	wantStatus(t, h.Client.Do("POST", "/api/auth/register", map[string]any{
		"email": "ada@example.com", "password": testPassword, "confirmPassword": testPassword,
		"firstName": "Ada\r\nX-Evil: 1", "lastName": "\u202ELove\x00lace",
	}), http.StatusCreated, &out)
	if out.User.FirstName != "Ada  X-Evil: 1" || out.User.LastName != "Lovelace" {
		t.Fatalf("names stored as %q %q", out.User.FirstName, out.User.LastName)
	}
}
