package contact_test

import (
	"errors"
	"strings"
	"testing"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"stageshop/internal/testapp"
	"stageshop/shop/contact"
)

func TestContactValidate(t *testing.T) {
	ok := contact.Input{Name: " Ada ", Email: " ADA@example.com ", Subject: " Hi ", Message: " Hello "}
	ok.Normalize()
	if err := ok.Validate(); err != nil || ok.Name != "Ada" || ok.Email != "ada@example.com" || ok.Subject != "Hi" || ok.Message != "Hello" {
		t.Fatalf("valid: %v %+v", err, ok)
	}
	bad := contact.Input{Name: strings.Repeat("é", 201), Email: "a@", Subject: "", Message: strings.Repeat("m", 5001)}
	var fields validation.Errors
	bad.Normalize()
	err := bad.Validate()
	if !errors.As(err, &fields) || len(fields) != 4 {
		t.Fatalf("invalid: %v", err)
	}
	for key, want := range map[string]string{"subject": "This field is required", "email": "Please enter a valid email address",
		"name": "Must be at most 200 characters", "message": "Must be at most 5000 characters"} {
		if fields[key] == nil || fields[key].Error() != want {
			t.Errorf("%s: %v, want %q", key, fields[key], want)
		}
	}
}

func TestContactFromGo(t *testing.T) {
	app := testapp.New(t)
	for i := 0; i < 3; i++ {
		if _, err := contact.Submit(app, contact.Input{Name: "A", Email: "a@b.co", Subject: "S", Message: "M"}); err != nil {
			t.Fatal(err)
		}
	}
	page, err := contact.List(app, contact.Query{Page: 1, PageSize: 5, Status: ""})
	if err != nil || page.Pagination.TotalCount != 3 || page.Pagination.TotalPages != 1 || len(page.Requests) != 3 {
		t.Fatalf("list %+v %v", page, err)
	}
	notes := " checked "
	r, err := contact.SetStatus(app, page.Requests[0].ID, contact.StatusInput{Status: contact.StatusClosed, AdminNotes: &notes})
	if err != nil || r.Status != contact.StatusClosed || r.AdminNotes != "checked" {
		t.Fatalf("status %+v %v", r, err)
	}
	stats, err := contact.GetStats(app)
	if err != nil || *stats != (contact.Stats{TotalRequests: 3, NewRequests: 2}) {
		t.Fatalf("stats %+v %v", stats, err)
	}
	var fields validation.Errors
	if _, err := contact.List(app, contact.Query{Page: 0, PageSize: 7, Status: "Nope"}); !errors.As(err, &fields) || len(fields) != 3 {
		t.Fatalf("bad list params: %v", err)
	}
	if err := contact.Delete(app, "missing"); !errors.Is(err, contact.ErrNotFound) {
		t.Fatalf("delete missing: %v", err)
	}
}
