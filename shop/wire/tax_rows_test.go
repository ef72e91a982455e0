package wire

import (
	"reflect"
	"testing"
)

// One list of tax rows for the app, the e-mails and the invoice: an exempt
// customer's one row, one zero row when nothing was taxed (inclusive
// prices too), else a row per rate, inside the total with inclusive prices.
func TestTaxRows(t *testing.T) {
	tx := TaxLine{Name: "Texas sales tax", Rate: 6250, Base: 3000, Amount: 188}
	city := TaxLine{Name: "City", Rate: 2000, Base: 3000, Amount: 60}
	for _, c := range []struct {
		name      string
		lines     []TaxLine
		inclusive bool
		exempt    bool
		tax       Amount
		want      []TaxRow
	}{
		{"exempt", nil, false, true, 0, []TaxRow{{Kind: TaxRowExempt}}},
		{"exempt, inclusive", nil, true, true, 0, []TaxRow{{Kind: TaxRowExempt}}},
		{"nothing taxed", []TaxLine{}, false, false, 0, []TaxRow{{Kind: TaxRowNone}}},
		{"nothing taxed, inclusive", nil, true, false, 0, []TaxRow{{Kind: TaxRowNone}}},
		{"an order of before the tax lines", nil, false, false, 188, []TaxRow{{Kind: TaxRowNone, Amount: 188}}},
		{"two rates", []TaxLine{tx, city}, false, false, 248, []TaxRow{
			{Kind: TaxRowLine, Name: "Texas sales tax", Rate: 6250, Base: 3000, Amount: 188},
			{Kind: TaxRowLine, Name: "City", Rate: 2000, Base: 3000, Amount: 60}}},
		{"inclusive", []TaxLine{tx}, true, false, 188, []TaxRow{{Kind: TaxRowIncluded, Name: "Texas sales tax", Rate: 6250, Base: 3000, Amount: 188}}},
	} {
		if got := TaxRows(c.lines, c.inclusive, c.exempt, c.tax); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}
