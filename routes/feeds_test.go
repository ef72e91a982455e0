package routes_test

import (
	"encoding/xml"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"stageshop/internal/testapp"
)

// feedItem is one item of the Google Merchant Center feed as Google reads
// it (RSS 2.0 with the g: namespace).
type feedItem struct {
	ID, GroupID, Title, Description, Link, Image       string
	Price, SalePrice, Availability, Condition, Brand   string
	ProductType, Weight, Size, Color, IdentifierExists string
}

func (i *feedItem) UnmarshalXML(d *xml.Decoder, start xml.StartElement) error {
	var raw struct {
		Fields []struct {
			XMLName xml.Name
			Text    string `xml:",chardata"`
		} `xml:",any"`
	}
	if err := d.DecodeElement(&raw, &start); err != nil {
		return err
	}
	const g = "http://base.google.com/ns/1.0"
	for _, f := range raw.Fields {
		to := map[xml.Name]*string{
			{Space: g, Local: "id"}: &i.ID, {Space: g, Local: "item_group_id"}: &i.GroupID, {Local: "title"}: &i.Title,
			{Local: "description"}: &i.Description, {Local: "link"}: &i.Link, {Space: g, Local: "image_link"}: &i.Image,
			{Space: g, Local: "price"}: &i.Price, {Space: g, Local: "sale_price"}: &i.SalePrice,
			{Space: g, Local: "availability"}: &i.Availability, {Space: g, Local: "condition"}: &i.Condition,
			{Space: g, Local: "brand"}: &i.Brand, {Space: g, Local: "product_type"}: &i.ProductType,
			{Space: g, Local: "shipping_weight"}: &i.Weight, {Space: g, Local: "size"}: &i.Size, {Space: g, Local: "color"}: &i.Color,
			{Space: g, Local: "identifier_exists"}: &i.IdentifierExists,
		}[f.XMLName]
		if to != nil {
			*to = f.Text
		}
	}
	return nil
}

// getFeed fetches and parses a language's feed.
func getFeed(t *testing.T, h testapp.Harness, lang string) []feedItem {
	t.Helper()
	res := h.Client.Do(http.MethodGet, "/feeds/google-"+lang+".xml", nil)
	if res.Status != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/xml") {
		t.Fatalf("GET /feeds/google-%s.xml: %d %q", lang, res.Status, res.Header.Get("Content-Type"))
	}
	var doc struct {
		XMLName xml.Name
		Version string     `xml:"version,attr"`
		Items   []feedItem `xml:"channel>item"`
	}
	if err := xml.Unmarshal(res.Body, &doc); err != nil {
		t.Fatalf("the feed is not well-formed XML: %v", err)
	}
	if doc.XMLName.Local != "rss" || doc.Version != "2.0" {
		t.Fatalf("the feed is a %s %s, want RSS 2.0", doc.XMLName.Local, doc.Version)
	}
	return doc.Items
}

// The Merchant Center feed (api.md, "Product feeds") has one item per
// active variant of every active product, in each language, with every
// field Google requires, the prices the API answers (a sale as the
// compare-at price with the sale price), the page of that variant in that
// language, and nothing of an inactive product or variant.
func TestGoogleFeed(t *testing.T) {
	h := testapp.NewHarnessSite(t, firstScreenSite(t))
	testapp.SetAppURL(t, h.App, "https://shop.example")
	admin := testapp.NewUser(t, h.App, true)
	cable := createXLR(t, h, admin, map[string]int{"XLR-5-BLK": 0, "XLR-5-WHT": 3, "XLR-10-BLK": 5, "XLR-10-WHT": 2})
	fog := testapp.NewProduct(t, h.App, testapp.Product{Name: "Fog Machine", PriceCents: 129999, Stock: 3, Category: "Lighting",
		NameLocalized: map[string]string{"ru": "Генератор дыма"}})
	hidden := testapp.NewProduct(t, h.App, testapp.Product{Name: "Old Lamp", PriceCents: 100, Stock: 1, Inactive: true})
	white5 := variantID(t, cable, "XLR-5-WHT")
	rec, err := h.App.FindRecordById("product_variants", white5)
	if err != nil {
		t.Fatal(err)
	}
	rec.Set("isActive", false)
	if err := h.App.Save(rec); err != nil {
		t.Fatal(err)
	}

	items := getFeed(t, h, "ru")
	if len(items) != 4 {
		t.Fatalf("%d items, want 4 (three cable variants and the fog machine): %+v", len(items), items)
	}
	byID := map[string]feedItem{}
	for _, it := range items {
		// Google's required fields for every item (and item_group_id for variants).
		for name, v := range map[string]string{"g:id": it.ID, "title": it.Title, "description": it.Description, "link": it.Link,
			"g:image_link": it.Image, "g:price": it.Price, "g:availability": it.Availability, "g:condition": it.Condition, "g:brand": it.Brand} {
			if v == "" {
				t.Errorf("item %s has no %s: %+v", it.ID, name, it)
			}
		}
		if !strings.HasPrefix(it.Link, "https://shop.example/ru/products/") || !strings.HasPrefix(it.Image, "https://shop.example/images/products/") {
			t.Errorf("item %s: link %q image %q", it.ID, it.Link, it.Image)
		}
		byID[it.ID] = it
	}
	if strings.Contains(fmt.Sprint(items), hidden.Id) || byID["XLR-5-WHT"].ID != "" {
		t.Error("the feed lists an inactive product or variant")
	}

	// The prices and stock the API answers for the same variants.
	var api productAnswer
	wantStatus(t, h.Client.Do(http.MethodGet, "/api/products/"+cable.ID, nil), http.StatusOK, &api)
	for _, v := range api.Variants {
		it, ok := byID[v.SKU]
		if v.SKU == "XLR-5-WHT" {
			continue
		}
		want := fmt.Sprintf("%.2f USD", v.Price)
		if !ok || it.GroupID != cable.ID || it.Link != "https://shop.example/ru/products/"+cable.ID+"?variant="+v.ID {
			t.Errorf("variant %s: %+v", v.SKU, it)
			continue
		}
		if v.CompareAtPrice != nil {
			if it.Price != fmt.Sprintf("%.2f USD", *v.CompareAtPrice) || it.SalePrice != want {
				t.Errorf("variant %s on sale: price %q sale %q, want %.2f USD and %s", v.SKU, it.Price, it.SalePrice, *v.CompareAtPrice, want)
			}
		} else if it.Price != want || it.SalePrice != "" {
			t.Errorf("variant %s: price %q sale %q, want %s", v.SKU, it.Price, it.SalePrice, want)
		}
		if (v.StockQuantity > 0) != (it.Availability == "in_stock") || it.Availability != "in_stock" && it.Availability != "out_of_stock" {
			t.Errorf("variant %s with %d in stock: %q", v.SKU, v.StockQuantity, it.Availability)
		}
	}
	black10 := byID["XLR-10-BLK"]
	if black10.Title != "XLR Cable - 10 m, Чёрный" || black10.Size != "10 m" || black10.Color != "Чёрный" || black10.ProductType != "Звук" {
		t.Errorf("the Russian 10 m black cable: %+v", black10)
	}
	var fogSKU string
	for id, it := range byID {
		if strings.Contains(it.Link, fog.Id) {
			fogSKU = id
		}
	}
	single := byID[fogSKU]
	if single.Title != "Генератор дыма" || single.GroupID != "" || single.Price != "1299.99 USD" || single.Brand != "StageShop" ||
		single.Link != "https://shop.example/ru/products/"+fog.Id || strings.HasPrefix(fogSKU, fog.Id) {
		t.Errorf("the fog machine (SKU %q): %+v", fogSKU, single)
	}

	// A price change is in the next read; English has its own feed; no other language.
	wantStatus(t, h.Client.Do(http.MethodPut, "/api/products/"+fog.Id, map[string]any{"price": 999.5}, testapp.Auth(admin.Token)...), http.StatusOK, nil)
	for _, it := range getFeed(t, h, "en") {
		if strings.Contains(it.Link, fog.Id) && (it.Price != "999.50 USD" || it.Title != "Fog Machine" || !strings.HasPrefix(it.Link, "https://shop.example/products/")) {
			t.Errorf("after the price change, in English: %+v", it)
		}
	}
	for _, path := range []string{"/feeds/google-de.xml", "/feeds/google-en.json", "/feeds/other-en.xml"} {
		if res := h.Client.Do(http.MethodGet, path, nil); res.Status != http.StatusNotFound {
			t.Errorf("GET %s: %d", path, res.Status)
		}
	}
}
