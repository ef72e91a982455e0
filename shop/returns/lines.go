package returns

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop"
	"stageshop/shop/money"
)

// Collection holds the returns.
const Collection = "returns"

// storedLine is a return's line as the record keeps it.
type storedLine struct {
	OrderItemID string `json:"orderItemId"`
	Quantity    int    `json:"quantity"`
	Reason      string `json:"reason"`
	Restock     bool   `json:"restock"`
	RefundCents int64  `json:"refundCents"`
	TaxCents    int64  `json:"taxCents"`
}

// storedLines reads a return record's lines.
func storedLines(rec *core.Record) []storedLine {
	lines := []storedLine{}
	_ = rec.UnmarshalJSONField("lines", &lines)
	return lines
}

// orderState is an order's lines and what its returns took of them, read
// in the use case's transaction.
type orderState struct {
	order *core.Record
	items []*core.Record
	byID  map[string]*core.Record
	// counted: units in returns that are not rejected (open ones too);
	// refunded: units in received returns (their money given back).
	counted, refunded map[string]int
	shippingRefunded  bool
}

// loadState reads order's lines and returns; skip is a return left out
// (the one being received).
func loadState(txApp core.App, order *core.Record, skip string) (*orderState, error) {
	items, err := shop.OrderItemRecords(txApp, order.Id)
	if err != nil {
		return nil, err
	}
	s := &orderState{order: order, items: items, byID: map[string]*core.Record{}, counted: map[string]int{}, refunded: map[string]int{}}
	for _, it := range items {
		s.byID[it.Id] = it
	}
	recs := []*core.Record{}
	if err := txApp.RecordQuery(Collection).Where(dbx.HashExp{"orderRef": order.Id}).All(&recs); err != nil {
		return nil, err
	}
	for _, r := range recs {
		status := r.GetString("status")
		if r.Id == skip || status == StatusRejected {
			continue
		}
		s.shippingRefunded = s.shippingRefunded || r.GetInt("shippingCents") > 0
		for _, l := range storedLines(r) {
			s.counted[l.OrderItemID] += l.Quantity
			if status == StatusReceived {
				s.refunded[l.OrderItemID] += l.Quantity
			}
		}
	}
	return s, nil
}

// claim reads order's state and checks lines against it (take).
func claim(txApp core.App, order *core.Record, lines []LineInput) (*orderState, []storedLine, error) {
	s, err := loadState(txApp, order, "")
	if err != nil {
		return nil, nil, err
	}
	taken, err := s.take(lines)
	return s, taken, err
}

// take checks lines against the order (its line, not hired, no more than
// it had less what is counted already) and answers them merged per line.
func (s *orderState) take(lines []LineInput) ([]storedLine, error) {
	out := []storedLine{}
	at := map[string]int{}
	for _, l := range lines {
		it, ok := s.byID[l.OrderItemID]
		switch {
		case !ok:
			return nil, ErrUnknownLine
		case it.GetString("hireStart") != "":
			return nil, ErrHireLine
		}
		if i, seen := at[l.OrderItemID]; seen {
			out[i].Quantity += l.Quantity
			out[i].Restock = out[i].Restock || l.Restock
			continue
		}
		at[l.OrderItemID] = len(out)
		out = append(out, storedLine{OrderItemID: l.OrderItemID, Quantity: l.Quantity, Reason: l.Reason, Restock: l.Restock})
	}
	for _, l := range out {
		if l.Quantity > s.byID[l.OrderItemID].GetInt("quantity")-s.counted[l.OrderItemID] {
			return nil, ErrExceedsOrder
		}
	}
	return out, nil
}

// priced is a refund by line as the server computes it.
type priced struct {
	lines                 []storedLine
	amount, tax, shipping int64 // amount includes the shipping and every tax given back
}

// price fills each line's refund: its share of the line's discounted
// amount and of its tax for the units, rounded on the running sum of the
// units refunded, so a line refunded in parts gives back exactly what it
// cost. Tax is added unless the prices included it. Shipping (and its
// tax) once, when asked or when these lines bring back the last unit.
func (s *orderState) price(lines []storedLine, shipping bool) priced {
	inclusive := s.order.GetBool("pricesIncludeTax")
	p := priced{}
	back := map[string]int{}
	for _, l := range lines {
		it := s.byID[l.OrderItemID]
		q, before := int64(it.GetInt("quantity")), int64(s.refunded[l.OrderItemID])
		net := max(int64(it.GetInt("totalCents"))-int64(it.GetInt("discountCents")), 0)
		l.TaxCents = share(int64(it.GetInt("taxCents")), before, int64(l.Quantity), q)
		l.RefundCents = share(net, before, int64(l.Quantity), q)
		if !inclusive {
			l.RefundCents += l.TaxCents
		}
		p.amount += l.RefundCents
		p.tax += l.TaxCents
		back[l.OrderItemID] += l.Quantity
		p.lines = append(p.lines, l)
	}
	if !s.shippingRefunded && (shipping || s.allBack(back)) {
		shipTax := int64(s.order.GetInt("shippingTaxCents"))
		p.shipping = int64(s.order.GetInt("shippingCents"))
		if !inclusive {
			p.shipping += shipTax
		}
		p.amount += p.shipping
		p.tax += shipTax
	}
	return p
}

// allBack reports whether every unit for sale is refunded once back is.
func (s *orderState) allBack(back map[string]int) bool {
	for _, it := range s.items {
		if it.GetString("hireStart") == "" && s.refunded[it.Id]+back[it.Id] < it.GetInt("quantity") {
			return false
		}
	}
	return true
}

// share is the part of v for units from..from+n of q, rounded half away
// from zero on the running sum.
func share(v, from, n, q int64) int64 {
	if q <= 0 || v <= 0 {
		return 0
	}
	upto := func(k int64) int64 { return int64(money.MulDivRound(uint64(v), uint64(min(k, q)), uint64(q))) }
	return upto(from+n) - upto(from)
}
