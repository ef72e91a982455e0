package routes_test

import (
	"net/http"
	"testing"

	"stageshop/internal/testapp"
)

type mergeJSON struct {
	cartJSON
	MergeReport struct {
		AddedLines int `json:"addedLines"`
		AddedUnits int `json:"addedUnits"`
		Capped     []struct {
			ProductID   string            `json:"productId"`
			ProductName map[string]string `json:"productName"`
			Requested   int               `json:"requested"`
			Kept        int               `json:"kept"`
		} `json:"capped"`
		Dropped []struct {
			ProductID   string            `json:"productId"`
			ProductName map[string]string `json:"productName"`
			Reason      string            `json:"reason"`
		} `json:"dropped"`
	} `json:"mergeReport"`
}

// The merge answer tells what happened to each guest line: added, capped
// at the stock, or dropped (inactive, sold out).
func TestCartMergeReport(t *testing.T) {
	h := testapp.NewHarness(t)
	c := h.Client
	u := testapp.NewUser(t, h.App, false)
	plain := testapp.NewProduct(t, h.App, testapp.Product{Name: "Mic stand", PriceCents: 1000, Stock: 9})
	fog := testapp.NewProduct(t, h.App, testapp.Product{Name: "Fog Machine X", PriceCents: 1000, Stock: 5})
	clamp := testapp.NewProduct(t, h.App, testapp.Product{Name: "Stage Clamp Set", PriceCents: 1000, Stock: 5})
	gone := testapp.NewProduct(t, h.App, testapp.Product{Name: "Sold out", PriceCents: 1000, Stock: 5})
	guest := sess(guestSession)
	for id, q := range map[string]int{plain.Id: 2, fog.Id: 4, clamp.Id: 1, gone.Id: 1} {
		if r := c.Do("POST", "/api/cart/items", map[string]any{"productId": id, "quantity": q}, guest...); r.Status != 200 {
			t.Fatalf("guest add: %s", r.Body)
		}
	}
	addLine(t, c, u.Token, fog.Id, 1)
	fog.Set("stockQuantity", 2)
	clamp.Set("isActive", false)
	gone.Set("stockQuantity", 0)
	if err := h.App.Save(fog); err != nil {
		t.Fatal(err)
	}
	if err := h.App.Save(clamp); err != nil {
		t.Fatal(err)
	}
	if err := h.App.Save(gone); err != nil {
		t.Fatal(err)
	}

	expectErr(t, c.Do("POST", "/api/cart/merge", map[string]any{"sessionId": guestSession}), http.StatusUnauthorized, "")
	r := c.Do("POST", "/api/cart/merge", map[string]any{"sessionId": guestSession}, testapp.Auth(u.Token)...)
	var m mergeJSON
	r.JSON(t, &m)
	rep := m.MergeReport
	// Mic stand: new line of 2. Fog: 1 + 4 asked, 2 left, the line goes from 1 to 2.
	if r.Status != 200 || rep.AddedLines != 2 || rep.AddedUnits != 3 || len(m.Items) != 2 {
		t.Fatalf("merge: %d %s", r.Status, r.Body)
	}
	if len(rep.Capped) != 1 || rep.Capped[0].ProductID != fog.Id || rep.Capped[0].ProductName["en"] != "Fog Machine X" ||
		rep.Capped[0].Requested != 5 || rep.Capped[0].Kept != 2 {
		t.Errorf("capped %+v", rep.Capped)
	}
	reasons := map[string]string{}
	for _, d := range rep.Dropped {
		reasons[d.ProductID] = d.Reason
	}
	if len(reasons) != 2 || reasons[clamp.Id] != "inactive" || reasons[gone.Id] != "out_of_stock" {
		t.Errorf("dropped %+v", rep.Dropped)
	}

	// Merging again (the guest cart is gone) reports nothing.
	r = c.Do("POST", "/api/cart/merge", map[string]any{"sessionId": guestSession}, testapp.Auth(u.Token)...)
	m = mergeJSON{}
	r.JSON(t, &m)
	if m.MergeReport.AddedLines != 0 || len(m.MergeReport.Capped) != 0 || m.MergeReport.Dropped == nil || len(m.Items) != 2 {
		t.Errorf("second merge: %s", r.Body)
	}
}
