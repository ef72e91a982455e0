package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
)

// assetSize is one built file with its gzip size (level 9, as a static
// gzip step or a CDN would send it).
type assetSize struct {
	Name      string
	Raw, Gzip int
}

// appSizes are the figures of test 6's first half.
type appSizes struct {
	Home      []assetSize // JS and CSS the home page loads before it is interactive
	HomeJS    int         // gzip bytes of that JS
	HomeCSS   int         // gzip bytes of that CSS
	Admin     []assetSize // the admin chunk(s) and what only they import
	AdminGzip int
	EntryJS   string // the largest JS file of the home, to ask for its encoding
	Note      string
}

var (
	// Scripts and styles index.html names: in src/href attributes, and in the
	// quoted URL list of the loader that starts the scripts after the first
	// paint (app/scripts/boot-after-paint.ts).
	htmlAssetRe = regexp.MustCompile(`["']/?(assets/[^"']+\.(?:js|css))["']`)
	// Static imports of minified ES modules: `import{a as b}from"./x.js"`,
	// `import"./x.js"`, `export{a}from"./x.js"`. Dynamic import("./x.js")
	// has a parenthesis and is not matched.
	staticImportRe = regexp.MustCompile(`(?:import|export)\s*(?:[^'"()]*?from\s*)?["'](\./[^"']+\.(?:js|css))["']`)
	// Any asset named like the admin area (lazy chunks appear in import()
	// calls and in Vite's preload dependency map).
	adminRefRe = regexp.MustCompile(`["'](?:\./|/?assets/)([\w.-]*[Aa]dmin[\w.-]*\.(?:js|css))["']`)
)

func gzipLen(b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = w.Write(b)
	_ = w.Close()
	return buf.Len()
}

// measureApp fetches the shop's home page from the running server and
// follows its module graph: the scripts, module preloads and styles of
// index.html and their static imports. The admin chunk is what import()
// references by an "admin" name, with its static imports beyond the home's.
// Measuring what the binary serves (not pb_public/ on disk) keeps the
// figures true to the binary under test.
func measureApp(base string) (appSizes, error) {
	var out appSizes
	af := &assetFetcher{base: base, body: map[string][]byte{}, size: map[string]assetSize{},
		client: &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{DisableCompression: true}}}
	html, err := af.get("/")
	if err != nil {
		return out, err
	}
	var roots []string
	for _, m := range htmlAssetRe.FindAllSubmatch(html, -1) {
		roots = append(roots, strings.TrimPrefix(string(m[1]), "assets/"))
	}
	if len(roots) == 0 {
		out.Note = "the server's home page loads no /assets/ (the binary embeds the placeholder page: build the app before the binary, e.g. `make build`)"
		return out, nil
	}
	home := af.closure(roots, nil)
	inHome := map[string]bool{}
	adminSet := map[string]bool{}
	for _, n := range home {
		inHome[n] = true
		out.Home = append(out.Home, af.size[n])
		if strings.HasSuffix(n, ".css") {
			out.HomeCSS += af.size[n].Gzip
		} else {
			out.HomeJS += af.size[n].Gzip
		}
		for _, m := range adminRefRe.FindAllSubmatch(af.body[n], -1) {
			adminSet[string(m[1])] = true
		}
	}
	var adminRoots []string
	for n := range adminSet {
		if !inHome[n] {
			adminRoots = append(adminRoots, n)
		}
	}
	sort.Strings(adminRoots)
	for _, n := range af.closure(adminRoots, inHome) {
		out.Admin = append(out.Admin, af.size[n])
		out.AdminGzip += af.size[n].Gzip
	}
	if len(adminRoots) == 0 {
		out.Note = "no lazily imported chunk with \"admin\" in its name was found: the admin area may not be split out"
	}
	for _, n := range home {
		if strings.HasSuffix(n, ".js") && (out.EntryJS == "" || af.size[n].Raw > af.size[out.EntryJS].Raw) {
			out.EntryJS = n // the largest script of the home
		}
	}
	return out, nil
}

// assetFetcher downloads the app's files once each, uncompressed, and
// keeps their bytes and sizes.
type assetFetcher struct {
	base   string
	client *http.Client
	body   map[string][]byte
	size   map[string]assetSize
}

// get fetches path from the server.
func (af *assetFetcher) get(path string) ([]byte, error) {
	resp, err := af.client.Get(af.base + path)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("GET %s: status %d", path, resp.StatusCode)
	}
	return io.ReadAll(resp.Body)
}

// fetch fetches /assets/n unless it has been; false when it cannot be.
func (af *assetFetcher) fetch(n string) bool {
	if _, ok := af.size[n]; ok {
		return true
	}
	b, err := af.get("/assets/" + n)
	if err != nil {
		return false
	}
	af.body[n] = b
	af.size[n] = assetSize{Name: n, Raw: len(b), Gzip: gzipLen(b)}
	return true
}

// closure is roots and every asset their scripts import statically
// (except skip), sorted.
func (af *assetFetcher) closure(roots []string, skip map[string]bool) []string {
	seen := map[string]bool{}
	queue := append([]string(nil), roots...)
	var list []string
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		if seen[n] || skip[n] {
			continue
		}
		seen[n] = true
		if !af.fetch(n) {
			continue
		}
		list = append(list, n)
		if strings.HasSuffix(n, ".js") {
			for _, m := range staticImportRe.FindAllSubmatch(af.body[n], -1) {
				queue = append(queue, strings.TrimPrefix(string(m[1]), "./"))
			}
		}
	}
	sort.Strings(list)
	return list
}

// servedEncoding asks the server for path with Accept-Encoding: gzip and
// returns the Content-Encoding it answers with ("" for none).
func servedEncoding(base, path string) string {
	req, _ := http.NewRequest(http.MethodGet, base+path, nil)
	req.Header.Set("Accept-Encoding", "gzip, br")
	tr := &http.Transport{DisableCompression: true}
	defer tr.CloseIdleConnections()
	resp, err := (&http.Client{Transport: tr, Timeout: 10 * time.Second}).Do(req)
	if err != nil {
		return "error: " + err.Error()
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		return fmt.Sprintf("status %d", resp.StatusCode)
	}
	if e := resp.Header.Get("Content-Encoding"); e != "" {
		return e
	}
	return "none"
}

// lighthouseScore is one Lighthouse run.
type lighthouseScore struct {
	Page, FormFactor                         string
	Performance, Accessibility, BestPractice int
	SEO                                      int // -1 when not audited
	LCP, TBT, CLS, Weight                    string
	Err                                      string
}

// ensureLighthouse installs bench/package.json's lighthouse when missing and
// returns the path of its CLI.
func ensureLighthouse(benchDir string) (string, error) {
	cli := filepath.Join(benchDir, "node_modules", "lighthouse", "cli", "index.js")
	if _, err := os.Stat(cli); err == nil {
		return cli, nil
	}
	if _, err := exec.LookPath("npm"); err != nil {
		return "", errors.New("npm is not installed")
	}
	// One retry: a registry stall once cost a whole run its Lighthouse figures.
	var err error
	for attempt := 1; attempt <= 2; attempt++ {
		if err = npmCI(benchDir); err == nil {
			return cli, nil
		}
		log.Printf("test 6: attempt %d: %v", attempt, err)
	}
	return "", err
}

// npmCI runs npm ci in dir, bounded in time (bench/.npmrc shortens npm's
// own fetch timeout so a stalled download is retried inside this bound).
func npmCI(dir string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "npm", "ci", "--no-audit", "--no-fund")
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("npm ci in bench/: %v: %s", err, npmErrors(b, 4))
	}
	return nil
}

// npmErrors returns the first n non-empty "npm error" lines of npm's output.
func npmErrors(b []byte, n int) string {
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if t := strings.TrimSpace(strings.TrimPrefix(l, "npm error")); strings.HasPrefix(l, "npm error") && t != "" && len(out) < n {
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		return lastLines(b, n)
	}
	return strings.Join(out, " | ")
}

func lastLines(b []byte, n int) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}

// runLighthouse runs one Lighthouse audit of url with the system Chromium,
// of the given categories (performance,accessibility,best-practices,seo).
func runLighthouse(cli, chrome, url, page, formFactor, categories, outDir string) lighthouseScore {
	return runLighthouseAs(nil, cli, chrome, url, page, formFactor, categories, outDir)
}

// runLighthouseAs is runLighthouse signed in as shopper (nil: signed out),
// through bench/lighthouse-signed-in.mjs, which keeps the session the CLI
// would clear.
func runLighthouseAs(shopper *lighthouseShopper, cli, chrome, url, page, formFactor, categories, outDir string) lighthouseScore {
	sc := lighthouseScore{Page: page, FormFactor: formFactor}
	_ = os.MkdirAll(outDir, 0o755)
	out := filepath.Join(outDir, fmt.Sprintf("lighthouse-%s-%s.json", strings.ReplaceAll(page, " ", "-"), formFactor))
	args := []string{cli, url, "--output=json", "--output-path=" + out, "--quiet",
		"--only-categories=" + categories,
		"--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage"}
	if formFactor == "desktop" {
		args = append(args, "--preset=desktop")
	}
	env := append(os.Environ(), "CHROME_PATH="+chrome)
	if shopper != nil {
		token, refresh, err := shopper.signIn()
		if err != nil {
			sc.Err = err.Error()
			return sc
		}
		// cli is bench/node_modules/lighthouse/cli/index.js.
		script := filepath.Join(filepath.Dir(cli), "..", "..", "..", "lighthouse-signed-in.mjs")
		args = []string{script, url, out, formFactor, categories}
		env = append(env, "STAGESHOP_AUTH_TOKEN="+token, "STAGESHOP_REFRESH_TOKEN="+refresh)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", args...)
	cmd.Env = env
	if b, err := cmd.CombinedOutput(); err != nil {
		sc.Err = fmt.Sprintf("%v: %s", err, lastLines(b, 3))
		return sc
	}
	return readLighthouseReport(out, sc)
}

// readLighthouseReport fills sc from the JSON report Lighthouse wrote to out.
func readLighthouseReport(out string, sc lighthouseScore) lighthouseScore {
	b, err := os.ReadFile(out)
	if err != nil {
		sc.Err = err.Error()
		return sc
	}
	var rep struct {
		Categories map[string]struct {
			Score *float64 `json:"score"`
		} `json:"categories"`
		Audits map[string]struct {
			DisplayValue string `json:"displayValue"`
		} `json:"audits"`
		RuntimeError *struct {
			Code, Message string
		} `json:"runtimeError"`
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		sc.Err = err.Error()
		return sc
	}
	if rep.RuntimeError != nil && rep.RuntimeError.Code != "" {
		sc.Err = rep.RuntimeError.Code + ": " + rep.RuntimeError.Message
	}
	score := func(k string) int {
		if c, ok := rep.Categories[k]; ok && c.Score != nil {
			return int(*c.Score*100 + 0.5)
		}
		return -1
	}
	sc.Performance, sc.Accessibility, sc.BestPractice = score("performance"), score("accessibility"), score("best-practices")
	sc.SEO = score("seo")
	sc.LCP = rep.Audits["largest-contentful-paint"].DisplayValue
	sc.TBT = rep.Audits["total-blocking-time"].DisplayValue
	sc.CLS = rep.Audits["cumulative-layout-shift"].DisplayValue
	sc.Weight = rep.Audits["total-byte-weight"].DisplayValue
	return sc
}

// lighthouseShopper is a signed-in shopper for the pages Lighthouse audits
// as one (bench/lighthouse-signed-in.mjs): a fresh token pair per run, as
// the app may rotate the refresh token it is given.
type lighthouseShopper struct {
	base, email string
}

const lighthousePassword = "LighthousePass1"

// newLighthouseShopper registers a shopper with one cart line (the first
// of ids that can be added).
func newLighthouseShopper(base string, ids []string) (*lighthouseShopper, error) {
	s := &lighthouseShopper{base: base, email: fmt.Sprintf("lighthouse-%d@bench.local", time.Now().UnixNano())}
	if _, err := postJSON(base+"/api/auth/register", "", map[string]string{
		"email": s.email, "password": lighthousePassword, "confirmPassword": lighthousePassword, "firstName": "Light", "lastName": "House",
	}, http.StatusCreated); err != nil {
		return nil, fmt.Errorf("register: %w", err)
	}
	token, _, err := s.signIn()
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		if _, err = postJSON(base+"/api/cart/items", token, map[string]any{"productId": id, "quantity": 1}, http.StatusOK); err == nil {
			return s, nil
		}
	}
	return nil, fmt.Errorf("no product could go into the cart: %w", err)
}

// signIn logs the shopper in: a new access and refresh token.
func (s *lighthouseShopper) signIn() (token, refresh string, err error) {
	b, err := postJSON(s.base+"/api/auth/login", "", map[string]string{"email": s.email, "password": lighthousePassword}, http.StatusOK)
	if err != nil {
		return "", "", fmt.Errorf("login: %w", err)
	}
	var pair struct{ Token, RefreshToken string }
	if err := json.Unmarshal(b, &pair); err != nil || pair.Token == "" {
		return "", "", fmt.Errorf("login answered %.200s", b)
	}
	return pair.Token, pair.RefreshToken, nil
}

// postJSON posts body as JSON (with the bearer token when set) and returns
// the answer, an error unless its status is want.
func postJSON(url, token string, body any, want int) ([]byte, error) {
	js, _ := json.Marshal(body)
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(js))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := (&http.Client{Timeout: 10 * time.Second}).Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != want {
		return b, fmt.Errorf("%s: %d %.200s", url, resp.StatusCode, b)
	}
	return b, nil
}
