package shop_test

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"stageshop/shop"
)

var updateFacts = flag.Bool("update", false, "rewrite facts.json")

// facts.json is what the app knows of the server's rules (limits,
// patterns, the United States' names from shop/locale); it is written
// from shop.FactsJSON, never by hand:
// `go test ./shop -run TestFactsJSON -update`.
func TestFactsJSON(t *testing.T) {
	want := shop.FactsJSON()
	if *updateFacts {
		if err := os.WriteFile("facts.json", want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile("facts.json")
	if err != nil {
		t.Fatalf("%v (write it with -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("facts.json is stale: run go test ./shop -run TestFactsJSON -update\nwant:\n%s", want)
	}
}
