package shop_test

import (
	"errors"
	"strings"
	"testing"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"stageshop/internal/testapp"
	"stageshop/shop"
)

func TestContactValidate(t *testing.T) {
	ok := shop.ContactInput{Name: " Ada ", Email: " ADA@example.com ", Subject: " Hi ", Message: " Hello "}
	ok.Normalize()
	if err := ok.Validate(); err != nil || ok.Name != "Ada" || ok.Email != "ada@example.com" || ok.Subject != "Hi" || ok.Message != "Hello" {
		t.Fatalf("valid: %v %+v", err, ok)
	}
	bad := shop.ContactInput{Name: strings.Repeat("é", 201), Email: "a@", Subject: "", Message: strings.Repeat("m", 5001)}
	var fields validation.Errors
	bad.Normalize()
	if err := bad.Validate(); !errors.As(err, &fields) || len(fields) != 4 ||
		fieldText(fields, "subject") != "This field is required" || fieldText(fields, "email") != "Please enter a valid email address" ||
		fieldText(fields, "name") != "Must be at most 200 characters" || fieldText(fields, "message") != "Must be at most 5000 characters" {
		t.Fatalf("invalid: %v", err)
	}
}

func TestContactFromGo(t *testing.T) {
	app := testapp.New(t)
	for i := 0; i < 3; i++ {
		if _, err := shop.SubmitContact(app, shop.ContactInput{Name: "A", Email: "a@b.co", Subject: "S", Message: "M"}); err != nil {
			t.Fatal(err)
		}
	}
	page, err := shop.ListContactRequests(app, shop.ContactQuery{Page: 1, PageSize: 5, Status: ""})
	if err != nil || page.Pagination.TotalCount != 3 || page.Pagination.TotalPages != 1 || len(page.Requests) != 3 {
		t.Fatalf("list %+v %v", page, err)
	}
	notes := " checked "
	r, err := shop.SetContactStatus(app, page.Requests[0].ID, shop.ContactStatusInput{Status: shop.ContactClosed, AdminNotes: &notes})
	if err != nil || r.Status != shop.ContactClosed || r.AdminNotes != "checked" {
		t.Fatalf("status %+v %v", r, err)
	}
	stats, err := shop.GetContactStats(app)
	if err != nil || *stats != (shop.ContactStats{TotalRequests: 3, NewRequests: 2}) {
		t.Fatalf("stats %+v %v", stats, err)
	}
	var fields validation.Errors
	if _, err := shop.ListContactRequests(app, shop.ContactQuery{Page: 0, PageSize: 7, Status: "Nope"}); !errors.As(err, &fields) || len(fields) != 3 {
		t.Fatalf("bad list params: %v", err)
	}
	if err := shop.DeleteContact(app, "missing"); !errors.Is(err, shop.ErrContactNotFound) {
		t.Fatalf("delete missing: %v", err)
	}
}
