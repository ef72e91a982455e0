package commands_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"testing"
	"time"

	"stageshop/internal/testapp"
	"stageshop/shop/hire"
)

// shownProduct is what a shopper's product page reads of a product
// (GET /api/products/{id}); prices as the answer writes them.
type shownProduct struct {
	ID             string `json:"id"`
	Name           string `json:"name"`
	NameLocalized  map[string]string
	Category       string       `json:"category"`
	Price          json.Number  `json:"price"`
	CompareAtPrice *json.Number `json:"compareAtPrice"`
	PriceFrom      json.Number  `json:"priceFrom"`
	PriceTo        json.Number  `json:"priceTo"`
	OnSale         bool         `json:"onSale"`
	StockQuantity  int          `json:"stockQuantity"`
	WeightKg       json.Number  `json:"weightKg"`
	FreightOnly    bool         `json:"freightOnly"`
	Options        []struct {
		NameLocalized map[string]string `json:"nameLocalized"`
		Values        []struct {
			Value          string            `json:"value"`
			ValueLocalized map[string]string `json:"valueLocalized"`
		} `json:"values"`
	} `json:"options"`
	Variants []struct {
		SKU          string      `json:"sku"`
		OptionValues []string    `json:"optionValues"`
		Price        json.Number `json:"price"`
		HireRates    *struct {
			Day     json.Number  `json:"day"`
			Weekend *json.Number `json:"weekend"`
			Week    *json.Number `json:"week"`
		} `json:"hireRates"`
		HireQuantity *int `json:"hireQuantity"`
	} `json:"variants"`
	Hire *struct {
		Enabled     bool        `json:"enabled"`
		SaleEnabled bool        `json:"saleEnabled"`
		Deposit     json.Number `json:"deposit"`
		BufferDays  int         `json:"bufferDays"`
	} `json:"hire"`
	Kit []struct {
		ProductID string `json:"productId"`
		Quantity  int    `json:"quantity"`
	} `json:"kit"`
}

// checkShowcases: the demo catalog shows what the shop can do (issue 44):
// a cable in four lengths with their own SKUs and prices, a clamp for two
// tube sizes, a sale price, a freight-only stage, speakers and a mixer for
// sale and for hire, and a kit of them for hire only whose availability
// and weekend price come from the shop's hire rules. Each is read as a
// shopper reads it, through the shop's own routes, so a showcase the seed
// stops making fails here. It runs on TestSeed's catalog (seeding draws
// every picture: a minute of CPU under the race detector).
func checkShowcases(t *testing.T, h testapp.Harness) {
	var list struct {
		Products []shownProduct `json:"products"`
	}
	h.Client.Do("GET", "/api/products?pageSize=100", nil).JSON(t, &list)
	product := func(name string) shownProduct {
		t.Helper()
		for _, p := range list.Products {
			if p.Name == name {
				var full shownProduct
				h.Client.Do("GET", "/api/products/"+p.ID, nil).JSON(t, &full)
				return full
			}
		}
		t.Fatalf("the demo catalog has no %q", name)
		return shownProduct{}
	}

	type variant struct{ sku, value, price string }
	variants := func(p shownProduct) []variant {
		var out []variant
		for _, v := range p.Variants {
			out = append(out, variant{v.SKU, slices.Concat(v.OptionValues, []string{""})[0], v.Price.String()})
		}
		return out
	}
	t.Run("cable in four lengths", func(t *testing.T) {
		p := product("Star-Quad XLR Cable")
		want := []variant{{"SQX-03", "3 m", "14.90"}, {"SQX-05", "5 m", "18.90"}, {"SQX-10", "10 m", "29.90"}, {"SQX-20", "20 m", "44.50"}}
		if got := variants(p); !slices.Equal(got, want) {
			t.Errorf("variants %v, want %v", got, want)
		}
		if p.PriceFrom != "14.90" || p.PriceTo != "44.50" {
			t.Errorf("price range %s-%s, want 14.90-44.50", p.PriceFrom, p.PriceTo)
		}
		if len(p.Options) != 1 || p.Options[0].NameLocalized["ru"] != "Длина" || p.Options[0].Values[3].ValueLocalized["zh"] != "20 米" {
			t.Errorf("the length option is not in every language: %+v", p.Options)
		}
	})
	t.Run("clamp for two tube sizes", func(t *testing.T) {
		want := []variant{{"HCC-32", "32–35 mm", "8.50"}, {"HCC-48", "48–51 mm", "8.90"}}
		if got := variants(product("Half Coupler Clamp")); !slices.Equal(got, want) {
			t.Errorf("variants %v, want %v", got, want)
		}
	})
	t.Run("sale price", func(t *testing.T) {
		p := product("Battery Uplight 6×10 W")
		if p.Price != "179.00" || p.CompareAtPrice == nil || *p.CompareAtPrice != "229.00" || !p.OnSale || p.Category != "Lighting" {
			t.Errorf("price %s compare-at %v on sale %v in %s, want 179.00 instead of 229.00 on sale in Lighting", p.Price, p.CompareAtPrice, p.OnSale, p.Category)
		}
	})
	t.Run("freight only", func(t *testing.T) {
		p := product("Mobile Stage 6×4 m")
		if !p.FreightOnly || p.WeightKg != "850" {
			t.Errorf("freight only %v, %s kg; want freight only, 850 kg", p.FreightOnly, p.WeightKg)
		}
	})

	speaker, mixer, kit := product("Event PA Speaker 12\""), product("Compact Mixer 12"), product("Small PA Kit")
	t.Run("for sale and for hire", func(t *testing.T) {
		for _, c := range []struct {
			p                       shownProduct
			deposit, day, wkd, week string
			fleet                   int
		}{{speaker, "150.00", "45.00", "80.00", "180.00", 6}, {mixer, "100.00", "25.00", "45.00", "100.00", 3}} {
			p := c.p
			if p.Hire == nil || !p.Hire.Enabled || !p.Hire.SaleEnabled || p.Hire.Deposit.String() != c.deposit || p.Hire.BufferDays != 1 || p.StockQuantity == 0 {
				t.Errorf("%s: hire %+v, stock %d; want for sale in stock and for hire with a %s deposit and a buffer day", p.Name, p.Hire, p.StockQuantity, c.deposit)
				continue
			}
			r := p.Variants[0].HireRates
			if r == nil || r.Day.String() != c.day || r.Weekend == nil || *r.Weekend != json.Number(c.wkd) || r.Week == nil || *r.Week != json.Number(c.week) ||
				p.Variants[0].HireQuantity == nil || *p.Variants[0].HireQuantity != c.fleet {
				t.Errorf("%s: rates %+v fleet %v, want %s/%s/%s and %d", p.Name, r, p.Variants[0].HireQuantity, c.day, c.wkd, c.week, c.fleet)
			}
		}
	})
	t.Run("kit for hire only", func(t *testing.T) {
		if kit.Hire == nil || !kit.Hire.Enabled || kit.Hire.SaleEnabled || kit.Category != "Sound" {
			t.Fatalf("hire %+v in %s, want for hire only in Sound", kit.Hire, kit.Category)
		}
		got := map[string]int{}
		for _, c := range kit.Kit {
			got[c.ProductID] = c.Quantity
		}
		if len(got) != 2 || got[speaker.ID] != 2 || got[mixer.ID] != 1 {
			t.Errorf("kit %+v, want 2 speakers (%s) and 1 mixer (%s)", kit.Kit, speaker.ID, mixer.ID)
		}
		// A Friday to Monday two weeks on: 3 kits (6 speakers, 3 mixers),
		// at the weekend rate, with the deposit.
		today, err := hire.Today(h.App)
		if err != nil {
			t.Fatal(err)
		}
		fri := today.AddDays(14)
		for fri.Weekday() != time.Friday {
			fri = fri.AddDays(1)
		}
		mon := fri.AddDays(3)
		q := url.Values{"from": {fri.String()}, "to": {mon.String()}, "start": {fri.String()}, "end": {mon.String()}}
		r := h.Client.Do("GET", "/api/products/"+kit.ID+"/availability?"+q.Encode(), nil)
		if r.Status != http.StatusOK {
			t.Fatalf("availability: %d %s", r.Status, r.Body)
		}
		var a struct {
			Days []struct {
				Available int `json:"available"`
			} `json:"days"`
			Quote struct {
				Rule      string      `json:"rule"`
				UnitPrice json.Number `json:"unitPrice"`
				Deposit   json.Number `json:"deposit"`
				Available int         `json:"available"`
			} `json:"quote"`
		}
		r.JSON(t, &a)
		if len(a.Days) != 4 || a.Days[0].Available != 3 || a.Quote.Available != 3 {
			t.Errorf("availability %+v, want 3 kits on each of 4 days", a)
		}
		if a.Quote.Rule != "weekend" || a.Quote.UnitPrice != "180.00" || a.Quote.Deposit != "300.00" {
			t.Errorf("quote %+v, want the weekend rate 180.00 and a 300.00 deposit", a.Quote)
		}
	})
}
