package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"os"
	"sort"
	"strings"
	"time"
)

// probeResetSecret: an admin asks a reset for another admin, reads the
// token in the e-mail log, sets a password, signs in; resend; and the link
// the other admin received.
func probeResetSecret(s *shop) error {
	tok, err := s.login(admin1, admin1Pass)
	if err != nil {
		return err
	}
	if st, b := s.call("POST", "/api/auth/forgot-password", "", map[string]any{"email": admin2}); st != 202 {
		return fmt.Errorf("forgot-password: %d %s", st, b)
	}
	if _, err := s.waitMail(admin2, 1); err != nil {
		return err
	}
	st, b := s.call("GET", "/api/admin/emails?pageSize=100", tok, nil)
	var list struct {
		Emails []struct{ ID, Kind, To, Subject string }
	}
	_ = json.Unmarshal(b, &list)
	id, listed := "", ""
	for _, e := range list.Emails {
		if e.Kind == "password_reset" && e.To == admin2 {
			id, listed = e.ID, e.Subject
			break
		}
	}
	if id == "" {
		return fmt.Errorf("no reset e-mail in the admin list (%d)", st)
	}
	st, b = s.call("GET", "/api/admin/emails/"+id, tok, nil)
	m := tokenRe.FindStringSubmatch(string(b))
	fmt.Printf("   GET /api/admin/emails/{id}: %d, token readable: %v (list subject %q)\n", st, m != nil, listed)
	if m != nil {
		st, _ := s.call("POST", "/api/auth/reset-password", "", map[string]any{"token": m[1], "password": "Taken1234", "confirmPassword": "Taken1234"})
		_, err := s.login(admin2, "Taken1234")
		fmt.Printf("   reset-password with the token read by the admin: %d; sign-in as the other admin with the new password: %v\n", st, err == nil)
	}
	before, _ := s.mailTo(admin2)
	st, b = s.call("POST", "/api/admin/emails/"+id+"/resend", tok, nil)
	settle()
	after, _ := s.mailTo(admin2)
	fmt.Printf("   resend: %d %s; e-mails to the other admin %d -> %d\n", st, errorCode(b), len(before), len(after))
	raw, err := s.resetToken(admin2, 1)
	if err != nil {
		return err
	}
	st, _ = s.call("POST", "/api/auth/reset-password", "", map[string]any{"token": raw, "password": "Mine12345", "confirmPassword": "Mine12345"})
	fmt.Printf("   the link the other admin received: reset-password %d\n", st)
	return nil
}

// probeOrderMail: order-cancel cycles whose shipping e-mail is a third
// party's address.
func probeOrderMail(s *shop) error {
	email, tok, err := s.customer("cycler")
	if err != nil {
		return err
	}
	product, err := s.product(20)
	if err != nil {
		return err
	}
	victim := "victim3@third.test"
	var created, cancelled []int
	t0 := time.Now()
	for i := 0; i < 12; i++ {
		st, _, id := s.order(tok, product, shipping(victim, "Click http://evil.example"))
		created = append(created, st)
		if id != "" {
			st, _ := s.call("POST", "/api/checkout/orders/"+id+"/cancel", tok, nil)
			cancelled = append(cancelled, st)
		}
	}
	took := time.Since(t0)
	settle()
	toVictim, _ := s.mailTo(victim)
	toAccount, _ := s.mailTo(email)
	fmt.Printf("   12 order-cancel cycles in %.2f s: create-order %s; cancel %s\n", took.Seconds(), count(created), count(cancelled))
	fmt.Printf("   e-mails to the shipping address (third party): %d; to the customer's account: %d\n", len(toVictim), len(toAccount))
	return nil
}

// probeResetAfterChange: a reset link asked before a password (or e-mail)
// change, used after it.
func probeResetAfterChange(s *shop) error {
	email, tok, err := s.customer("changer")
	if err != nil {
		return err
	}
	current := customerPass
	for i, change := range []string{"password", "e-mail"} {
		if st, _ := s.call("POST", "/api/auth/forgot-password", "", map[string]any{"email": email}); st != 202 {
			return fmt.Errorf("forgot-password: %d", st)
		}
		raw, err := s.resetToken(email, i+1)
		if err != nil {
			return err
		}
		body := map[string]any{"firstName": "Pat", "lastName": "changer", "email": email, "currentPassword": current}
		if change == "password" {
			body["newPassword"], body["confirmPassword"] = "Changed123", "Changed123"
			current = "Changed123"
		} else {
			body["email"] = "moved." + email
			email = "moved." + email
		}
		st, b := s.call("PUT", "/api/auth/profile", tok, body)
		if st != 200 {
			return fmt.Errorf("profile %s change: %d %s", change, st, b)
		}
		tok = jsonField(b, "token")
		st, _ = s.call("POST", "/api/auth/reset-password", "", map[string]any{"token": raw, "password": "Thief1234", "confirmPassword": "Thief1234"})
		fmt.Printf("   reset link asked before a %s change, used after it: %d\n", change, st)
		if st == 200 { // the thief's password now; the reset ended the sessions
			current = "Thief1234"
			if tok, err = s.login(email, current); err != nil {
				return err
			}
		}
	}
	return nil
}

// probeContactRelay: five contact messages naming a third party's address.
func probeContactRelay(s *shop) error {
	victim := "victim6@third.test"
	var statuses []int
	for i := 0; i < 5; i++ {
		st, _ := s.call("POST", "/api/contact/submit", "", map[string]any{"name": "Prize desk", "email": victim,
			"subject": "You won, claim at http://evil.example/claim", "message": fmt.Sprintf("Visit http://evil.example/win?%d now", i)})
		statuses = append(statuses, st)
	}
	settle()
	msgs, _ := s.mailTo(victim)
	quoting := 0
	for _, m := range msgs {
		if text, _ := s.mailText(m.ID); strings.Contains(text+m.Subject, "evil.example") {
			quoting++
		}
	}
	tok, err := s.login(admin1, admin1Pass)
	if err != nil {
		return err
	}
	_, b := s.call("GET", "/api/contact/admin/requests?pageSize=50", tok, nil)
	var page struct{ Pagination struct{ TotalCount int } }
	_ = json.Unmarshal(b, &page)
	all, _ := s.mailTo(admin2)
	notices := []mailMsg{}
	for _, m := range all {
		if strings.Contains(m.Subject, "contact request") {
			notices = append(notices, m)
		}
	}
	fmt.Printf("   5 submissions: %s; copies to the named address: %d (%d quoting the attacker's text); requests stored: %d; contact notices to an admin: %d\n",
		count(statuses), len(msgs), quoting, page.Pagination.TotalCount, len(notices))
	return nil
}

// probeUnpaidOrders: one customer places five orders and pays none.
func probeUnpaidOrders(s *shop) error {
	email, tok, err := s.customer("hoarder")
	if err != nil {
		return err
	}
	product, err := s.product(10)
	if err != nil {
		return err
	}
	var statuses []int
	codes := []string{}
	for i := 0; i < 5; i++ {
		st, code, _ := s.order(tok, product, shipping(email, "hoarder"))
		statuses = append(statuses, st)
		if code != "" {
			codes = append(codes, code)
		}
	}
	fmt.Printf("   5 unpaid orders by one customer: %s %v\n", count(statuses), codes)
	return nil
}

// probeCSV: a customer name with a formula behind a ';' in the orders export.
func probeCSV(s *shop) error {
	email, tok, err := s.customer("csv")
	if err != nil {
		return err
	}
	product, err := s.product(5)
	if err != nil {
		return err
	}
	if st, code, _ := s.order(tok, product, shipping(email, `x;=HYPERLINK("http://evil.example","open")`)); st != 201 {
		return fmt.Errorf("order: %d %s", st, code)
	}
	admin, err := s.login(admin1, admin1Pass)
	if err != nil {
		return err
	}
	req, _ := http.NewRequest("GET", s.base+"/api/checkout/admin/orders/export.csv", nil)
	req.Header.Set("Authorization", "Bearer "+admin)
	resp, err := s.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw := new(strings.Builder)
	if _, err := fmt.Fprint(raw, readAll(resp)); err != nil {
		return err
	}
	for _, sep := range []rune{',', ';'} {
		r := csv.NewReader(strings.NewReader(raw.String()))
		r.Comma, r.LazyQuotes, r.FieldsPerRecord = sep, true, -1
		rows, err := r.ReadAll()
		if err != nil {
			return err
		}
		formulas := 0
		for _, row := range rows {
			for _, cell := range row {
				c := strings.TrimLeft(cell, ` "`)
				if c != "" && strings.ContainsRune("=+-@", rune(c[0])) {
					formulas++
				}
			}
		}
		fmt.Printf("   export read with %q as the separator: %d cells start a formula\n", sep, formulas)
	}
	return nil
}

func readAll(resp *http.Response) string {
	b := new(strings.Builder)
	buf := make([]byte, 32<<10)
	for {
		n, err := resp.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			return b.String()
		}
	}
}

// probeForgotTiming: forgot-password for known and unknown e-mails,
// interleaved, with the rate limiter off (a botnet's view); and trickling
// connections.
func probeForgotTiming(s *shop) error {
	if err := s.settings(`{"rateLimits":{"enabled":false}}`); err != nil {
		return err
	}
	defer func() { _ = s.settings(`{"rateLimits":{"enabled":true}}`) }()
	var known, unknown []float64
	for i := 0; i < 2*400+40; i++ {
		email := fmt.Sprintf("nobody%d@probe.test", i)
		if i%2 == 0 {
			email = admin1
		}
		t0 := time.Now()
		st, _ := s.call("POST", "/api/auth/forgot-password", "", map[string]any{"email": email})
		ms := float64(time.Since(t0).Microseconds()) / 1000
		if st != 202 {
			return fmt.Errorf("forgot-password: %d", st)
		}
		if i < 40 {
			continue // warm-up
		}
		if i%2 == 0 {
			known = append(known, ms)
		} else {
			unknown = append(unknown, ms)
		}
	}
	mk, vk := meanVar(known)
	mu, vu := meanVar(unknown)
	z := (mk - mu) / math.Sqrt(vk/float64(len(known))+vu/float64(len(unknown)))
	fmt.Printf("   forgot-password, 400 each: known %.3f ms mean (median %.3f), unknown %.3f ms (median %.3f), z = %.2f\n",
		mk, median(known), mu, median(unknown), z)
	return probeTrickle(s)
}

func meanVar(xs []float64) (float64, float64) {
	var sum float64
	for _, x := range xs {
		sum += x
	}
	m := sum / float64(len(xs))
	var v float64
	for _, x := range xs {
		v += (x - m) * (x - m)
	}
	return m, v / float64(len(xs)-1)
}

func median(xs []float64) float64 {
	c := append([]float64(nil), xs...)
	sort.Float64s(c)
	return c[len(c)/2]
}

// probeBacklog: 600 notices wait in the outbox (SMTP off), a user asks for
// a password reset, SMTP comes on: when does the reset arrive?
func probeBacklog(s *shop) error {
	if err := s.settings(`{"smtp":{"enabled":false},"rateLimits":{"enabled":false}}`); err != nil {
		return err
	}
	defer func() { _ = s.settings(`{"rateLimits":{"enabled":true}}`) }()
	for i := 0; i < 200; i++ { // each: the visitor's copy and a notice to both admins
		st, b := s.call("POST", "/api/contact/submit", "", map[string]any{"name": "Backlog", "subject": "Hello",
			"email": fmt.Sprintf("backlog%d@probe.test", i), "message": "Do you rent fog machines?"})
		if st != 201 {
			return fmt.Errorf("contact: %d %s", st, b)
		}
	}
	if st, _ := s.call("POST", "/api/auth/forgot-password", "", map[string]any{"email": admin2}); st != 202 {
		return fmt.Errorf("forgot-password: %d", st)
	}
	time.Sleep(time.Second) // the reset is queued in the background
	before, _ := s.mailTo(admin2)
	t0 := time.Now()
	if err := s.settings(fmt.Sprintf(`{"smtp":{"enabled":true,"host":"127.0.0.1","port":%s,"tls":false}}`, os.Getenv("SECPROBE_SMTP_PORT"))); err != nil {
		return err
	}
	var took time.Duration
	for time.Since(t0) < 120*time.Second {
		msgs, _ := s.mailTo(admin2)
		if resets(msgs) > resets(before) {
			took = time.Since(t0)
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	total, _ := s.mailCount()
	fmt.Printf("   600 notices queued, then a reset: the reset arrived %d ms after SMTP came on, when Mailpit held %d messages\n",
		took.Milliseconds(), total)
	return nil
}

func resets(msgs []mailMsg) int {
	n := 0
	for _, m := range msgs {
		if strings.Contains(m.Subject, "password") {
			n++
		}
	}
	return n
}
