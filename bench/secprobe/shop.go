package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"time"
)

// Accounts the probe creates with the CLI.
const (
	admin1, admin1Pass = "admin1@probe.test", "Admin12345"
	admin2, admin2Pass = "admin2@probe.test", "Admin23456"
	rootEmail, rootPwd = "root@probe.test", "Root12345678"
	customerPass       = "Probe1234"
)

// shop is a running stageshop binary with Mailpit as its SMTP server.
type shop struct {
	base, mailAPI string
	dir           string
	srv, mp       *exec.Cmd
	root          string // superuser token
	client        *http.Client
	seq           int
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// startShop makes a data dir (schema, demo catalog, two admins, a
// superuser), starts Mailpit and the server, and points SMTP at Mailpit.
func startShop(bin, mailpit string) (*shop, error) {
	dir, err := os.MkdirTemp("", "stageshop-secprobe-*")
	if err != nil {
		return nil, err
	}
	s := &shop{dir: dir, client: &http.Client{Timeout: 30 * time.Second}}
	for _, args := range [][]string{{"migrate", "up"}, {"seed"}, {"admin", "create", admin1, admin1Pass},
		{"admin", "create", admin2, admin2Pass}, {"superuser", "upsert", rootEmail, rootPwd}} {
		if out, err := exec.Command(bin, append(args, "--dir", dir)...).CombinedOutput(); err != nil {
			s.stop()
			return nil, fmt.Errorf("%v: %v\n%s", args, err, out)
		}
	}
	if err := s.startMailpit(mailpit); err != nil {
		s.stop()
		return nil, err
	}
	port, err := freePort()
	if err != nil {
		s.stop()
		return nil, err
	}
	s.base = fmt.Sprintf("http://127.0.0.1:%d", port)
	s.srv = exec.Command(bin, "serve", "--http", fmt.Sprintf("127.0.0.1:%d", port), "--dir", dir)
	s.srv.Stdout, s.srv.Stderr = io.Discard, io.Discard
	if err := s.srv.Start(); err != nil {
		s.stop()
		return nil, err
	}
	if err := waitFor(s.base + "/api/health"); err != nil {
		s.stop()
		return nil, err
	}
	return s, s.configure()
}

func (s *shop) startMailpit(bin string) error {
	smtp, err := freePort()
	if err != nil {
		return err
	}
	web, err := freePort()
	if err != nil {
		return err
	}
	s.mailAPI = fmt.Sprintf("http://127.0.0.1:%d", web)
	s.mp = exec.Command(bin, "--smtp", fmt.Sprintf("127.0.0.1:%d", smtp), "--listen", fmt.Sprintf("127.0.0.1:%d", web), "--quiet")
	if err := s.mp.Start(); err != nil {
		return err
	}
	if err := waitFor(s.mailAPI + "/api/v1/info"); err != nil {
		return err
	}
	os.Setenv("SECPROBE_SMTP_PORT", fmt.Sprint(smtp))
	return nil
}

// configure signs the superuser in and turns SMTP on (as the dashboard does).
func (s *shop) configure() error {
	st, b := s.call("POST", "/api/collections/_superusers/auth-with-password", "", map[string]any{"identity": rootEmail, "password": rootPwd})
	if st != 200 {
		return fmt.Errorf("superuser sign-in: %d %s", st, b)
	}
	s.root = jsonField(b, "token")
	smtp := os.Getenv("SECPROBE_SMTP_PORT")
	return s.settings(fmt.Sprintf(`{"smtp":{"enabled":true,"host":"127.0.0.1","port":%s,"tls":false}}`, smtp))
}

// settings patches PocketBase's settings as a superuser.
func (s *shop) settings(patch string) error {
	var body map[string]any
	if err := json.Unmarshal([]byte(patch), &body); err != nil {
		return err
	}
	if st, b := s.call("PATCH", "/api/settings", s.root, body); st != 200 {
		return fmt.Errorf("settings: %d %s", st, b)
	}
	return nil
}

func (s *shop) stop() {
	for _, c := range []*exec.Cmd{s.srv, s.mp} {
		if c != nil && c.Process != nil {
			_ = c.Process.Signal(syscall.SIGTERM)
			done := make(chan struct{})
			go func() { _ = c.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				_ = c.Process.Kill()
			}
		}
	}
	if s.dir != "" {
		_ = os.RemoveAll(s.dir)
	}
}

func waitFor(u string) error {
	for i := 0; i < 300; i++ {
		if r, err := http.Get(u); err == nil {
			r.Body.Close()
			if r.StatusCode == 200 {
				return nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("%s did not answer within 30 s", u)
}

// call sends a JSON request (token may be "", a bare superuser token or a
// shop token, sent as Bearer) and returns the status and the body.
func (s *shop) call(method, path, token string, body any) (int, []byte) {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, s.base+path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return 0, []byte(err.Error())
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

func jsonField(b []byte, key string) string {
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	v, _ := m[key].(string)
	return v
}

func errorCode(b []byte) string { return jsonField(b, "code") }

// login signs in and returns the access token.
func (s *shop) login(email, password string) (string, error) {
	st, b := s.call("POST", "/api/auth/login", "", map[string]any{"email": email, "password": password})
	if st != 200 {
		return "", fmt.Errorf("login %s: %d %s", email, st, b)
	}
	return jsonField(b, "token"), nil
}

// customer registers a new customer and signs it in.
func (s *shop) customer(name string) (email, token string, err error) {
	s.seq++
	email = fmt.Sprintf("%s.%d.%d@probe.test", name, time.Now().UnixNano()%1e6, s.seq)
	for tries := 0; ; tries++ {
		st, b := s.call("POST", "/api/auth/register", "", map[string]any{"email": email, "password": customerPass,
			"confirmPassword": customerPass, "firstName": "Pat", "lastName": name})
		if st == 201 {
			break
		}
		if st != 429 || tries > 14 {
			return "", "", fmt.Errorf("register: %d %s", st, b)
		}
		time.Sleep(5 * time.Second) // 5 registrations a minute per IP
	}
	token, err = s.login(email, customerPass)
	return email, token, err
}

// product is an active product with at least n units.
func (s *shop) product(n int) (string, error) {
	st, b := s.call("GET", "/api/products?pageSize=100", "", nil)
	if st != 200 {
		return "", fmt.Errorf("products: %d", st)
	}
	var out struct {
		Products []struct {
			ID    string `json:"id"`
			Stock int    `json:"stockQuantity"`
		} `json:"products"`
	}
	_ = json.Unmarshal(b, &out)
	for _, p := range out.Products {
		if p.Stock >= n {
			return p.ID, nil
		}
	}
	return "", fmt.Errorf("no product with %d units", n)
}

// shipping is an address whose e-mail (the delivery contact) is email.
func shipping(email, lastName string) map[string]any {
	return map[string]any{"firstName": "Pat", "lastName": lastName, "address": "1 Main St", "city": "Springfield",
		"state": "IL", "zipCode": "62704", "country": "United States", "phone": "+1 555 0101", "email": email}
}

// order puts one unit of product in the cart and places an order; it
// returns the status, the error code and the order id.
func (s *shop) order(token, product string, ship map[string]any) (int, string, string) {
	if st, b := s.call("POST", "/api/cart/items", token, map[string]any{"productId": product, "quantity": 1}); st != 200 {
		return st, "cart:" + errorCode(b), ""
	}
	st, b := s.call("POST", "/api/checkout/create-order", token, map[string]any{"shippingInfo": ship,
		"useShippingForBilling": true, "shippingMethod": "standard"})
	return st, errorCode(b), jsonField(b, "id")
}

// mailTo lists Mailpit's messages to address (ids and subjects).
func (s *shop) mailTo(address string) ([]mailMsg, error) {
	r, err := http.Get(s.mailAPI + "/api/v1/search?limit=500&query=" + url.QueryEscape(`to:"`+address+`"`))
	if err != nil {
		return nil, err
	}
	defer r.Body.Close()
	var out struct{ Messages []mailMsg }
	return out.Messages, json.NewDecoder(r.Body).Decode(&out)
}

// mailCount is how many messages Mailpit holds.
func (s *shop) mailCount() (int, error) {
	r, err := http.Get(s.mailAPI + "/api/v1/messages?limit=1")
	if err != nil {
		return 0, err
	}
	defer r.Body.Close()
	var out struct {
		Total int `json:"total"`
	}
	return out.Total, json.NewDecoder(r.Body).Decode(&out)
}

type mailMsg struct {
	ID      string
	Subject string
}

// mailText is the text and HTML of a Mailpit message.
func (s *shop) mailText(id string) (string, error) {
	r, err := http.Get(s.mailAPI + "/api/v1/message/" + id)
	if err != nil {
		return "", err
	}
	defer r.Body.Close()
	var m struct{ Text, HTML string }
	err = json.NewDecoder(r.Body).Decode(&m)
	return m.Text + "\n" + m.HTML, err
}

// waitMail waits until address has at least n messages.
func (s *shop) waitMail(address string, n int) ([]mailMsg, error) {
	for i := 0; i < 100; i++ {
		msgs, err := s.mailTo(address)
		if err != nil || len(msgs) >= n {
			return msgs, err
		}
		time.Sleep(100 * time.Millisecond)
	}
	return nil, fmt.Errorf("fewer than %d e-mails to %s after 10 s", n, address)
}

var tokenRe = regexp.MustCompile(`reset-password\?token=([A-Za-z0-9_-]{20,})`)

// resetToken is the token of the newest reset e-mail to address in Mailpit.
func (s *shop) resetToken(address string, n int) (string, error) {
	msgs, err := s.waitMail(address, n)
	if err != nil {
		return "", err
	}
	text, err := s.mailText(msgs[0].ID)
	if err != nil {
		return "", err
	}
	m := tokenRe.FindStringSubmatch(text)
	if m == nil {
		return "", fmt.Errorf("no reset link in the e-mail to %s", address)
	}
	return m[1], nil
}

// settle gives the outbox worker time to send what was queued.
func settle() { time.Sleep(3 * time.Second) }

func count(statuses []int) string {
	m := map[int]int{}
	order := []int{}
	for _, st := range statuses {
		if m[st] == 0 {
			order = append(order, st)
		}
		m[st]++
	}
	parts := []string{}
	for _, st := range order {
		parts = append(parts, fmt.Sprintf("%d x%d", st, m[st]))
	}
	return strings.Join(parts, ", ")
}
