package routes_test

import (
	"net/http"
	"strings"
	"testing"

	"stageshop/internal/testapp"
)

// Every change of a promotion is in the audit log (issue 45's owner line,
// once issue 49 landed): creating, editing and deleting VENUE10 through
// /api/admin/promotions each write one entry naming the Admin, the edit
// with the value before and after; a refused edit writes none.
func TestAuditPromotionChanges(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	admin := testapp.NewUser(t, h.App, true)
	auth := testapp.Auth(admin.Token)
	var cats []struct {
		ID string `json:"id"`
	}
	c.Do("GET", "/api/categories", nil).JSON(t, &cats)
	skip := len(auditRows(t, h.App))

	var p struct {
		ID string `json:"id"`
	}
	wantStatus(t, c.Do("POST", "/api/admin/promotions", venue10(cats[0].ID), auth...), http.StatusCreated, &p)
	created := oneEntry(t, h.App, skip, "promotion.created")
	byUser(t, created, admin)
	if created.TargetID != p.ID || !strings.Contains(created.Label, "Venues") {
		t.Errorf("created entry's target %s %q, want %s and the promotion's name", created.TargetID, created.Label, p.ID)
	}

	skip = len(auditRows(t, h.App))
	wantStatus(t, c.Do("PUT", "/api/admin/promotions/"+p.ID, with(venue10(cats[0].ID), map[string]any{"value": 15}), auth...), http.StatusOK, nil)
	edited := oneEntry(t, h.App, skip, "promotion.updated")
	byUser(t, edited, admin)
	if !strings.Contains(string(edited.Before), "10") || !strings.Contains(string(edited.After), "15") {
		t.Errorf("the edit's before %s and after %s do not show 10 -> 15", edited.Before, edited.After)
	}

	skip = len(auditRows(t, h.App))
	r := c.Do("PUT", "/api/admin/promotions/"+p.ID, with(venue10(cats[0].ID), map[string]any{"value": 150}), auth...)
	if r.Status != http.StatusBadRequest {
		t.Fatalf("150 %% off: %d %s, want 400", r.Status, r.Body)
	}
	if n := len(auditRows(t, h.App)) - skip; n != 0 {
		t.Errorf("a refused edit wrote %d audit entries", n)
	}

	wantStatus(t, c.Do("DELETE", "/api/admin/promotions/"+p.ID, nil, auth...), http.StatusNoContent, nil)
	deleted := oneEntry(t, h.App, skip, "promotion.deleted")
	byUser(t, deleted, admin)
}
