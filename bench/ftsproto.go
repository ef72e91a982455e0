package main

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime/pprof"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/catalog"
	"stageshop/shop/locale"
	"stageshop/shop/search"
)

// -only fts: the measurement behind docs/decisions/search-engine.md. The
// same 100,000 generated products go into the bleve index (shop/search,
// as the server builds it) and into a SQLite FTS5 table (the modernc
// driver PocketBase uses, unicode61 tokens, bm25 with name 16, attributes
// 4, description 1) with a Go fuzzy layer over FTS5's vocabulary (terms
// within the same edit allowance OR-ed into the MATCH). Each engine then
// answers the same queries one at a time, in process: the page of 20, the
// total and the category counts. It prints the figures; nothing else.
func runFTSCompare(ctx context.Context, bin, dir string) error {
	if err := prepareDataDir(bin, dir, false, true); err != nil {
		return err
	}
	app, err := openApp(dir)
	if err != nil {
		return err
	}
	defer closeApp(app)
	spec := genSpec{stock: func(r *rand.Rand) int { return max(0, r.IntN(30)-5) }, inactivePc: 5}
	if _, err := growCatalog(app, searchSize, spec, 42); err != nil {
		return err
	}
	_, _ = app.DB().NewQuery("DELETE FROM search_changes").Execute()
	start := time.Now()
	x, err := search.Of(app)
	for err == nil && !x.Ready() {
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		return err
	}
	fmt.Printf("bleve: build %.1f s, disk %s\n", time.Since(start).Seconds(), mb(dirSize(filepath.Join(dir, search.DirName))))

	ftsPath := filepath.Join(dir, "fts.db")
	db, err := sql.Open("sqlite", ftsPath)
	if err != nil {
		return err
	}
	defer db.Close()
	start = time.Now()
	if err := buildFTS(app, db); err != nil {
		return err
	}
	st, _ := os.Stat(ftsPath)
	fmt.Printf("fts5: build %.1f s, disk %s\n", time.Since(start).Seconds(), mb(st.Size()))
	vocab, err := ftsVocab(db)
	if err != nil {
		return err
	}
	queries := []string{"moving head", "microphone", "microphne", "wireless microphne", "прожектор", "dmx cable",
		"subwofer", "aurora 345", "генератор тумана", "truss segment", "flight case", "helix pro", "mixer", "stage monitr"}
	if f := os.Getenv("BENCH_CPUPROFILE"); f != "" {
		pf, _ := os.Create(f)
		_ = pprof.StartCPUProfile(pf)
		defer pprof.StopCPUProfile()
	}
	for _, engine := range []string{"bleve", "fts5"} {
		if err := timeEngine(ctx, engine, x, db, vocab, queries); err != nil {
			return err
		}
	}
	return x.Close()
}

// timeEngine answers the queries five times, one at a time, with bleve or
// with FTS5, and prints the latencies.
func timeEngine(ctx context.Context, engine string, x *search.Index, db *sql.DB, vocab []string, queries []string) error {
	var err error
	var lat []time.Duration
	total := 0
	for round := 0; round < 5; round++ {
		for _, q := range queries {
			t := time.Now()
			var n int
			if engine == "bleve" {
				res, err := x.Search(ctx, search.Request{Text: q, Lang: "en", Page: 1, PageSize: 20, Facets: true})
				if err != nil {
					return err
				}
				n = res.Total
			} else if n, err = ftsSearch(db, vocab, q); err != nil {
				return err
			}
			lat = append(lat, time.Since(t))
			total += n
		}
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	fmt.Printf("%s: %d queries one at a time: p50 %s ms, p90 %s ms, max %s ms (matches summed %d)\n", engine,
		len(lat), ms(lat[len(lat)/2]), ms(lat[len(lat)*9/10]), ms(lat[len(lat)-1]), total/5)
	return nil
}

// buildFTS fills the FTS5 table and the facts table beside it.
func buildFTS(app core.App, db *sql.DB) error {
	for _, q := range []string{
		"PRAGMA journal_mode=WAL",
		"CREATE VIRTUAL TABLE fts USING fts5(name, attrs, descr, tokenize='unicode61 remove_diacritics 2')",
		"CREATE TABLE facts (rowid INTEGER PRIMARY KEY, id TEXT, category TEXT, price INTEGER, instock INTEGER, active INTEGER)",
	} {
		if _, err := db.Exec(q); err != nil {
			return err
		}
	}
	row := 0
	return catalog.ScanProducts(app, 1000, func(ps []catalog.Product) error {
		tx, err := db.Begin()
		if err != nil {
			return err
		}
		for _, p := range ps {
			row++
			var name, attrs, desc []string
			for _, l := range locale.Languages() {
				name, desc = append(name, p.NameLocalized[l]), append(desc, p.DescriptionLocalized[l])
				for _, a := range p.Attributes {
					attrs = append(attrs, a.KeyLocalized.Get(l, a.Key)+" "+a.ValueLocalized.Get(l, a.Value))
				}
			}
			if _, err := tx.Exec("INSERT INTO fts(rowid, name, attrs, descr) VALUES (?, ?, ?, ?)", row,
				strings.Join(name, " "), strings.Join(attrs, " "), strings.Join(desc, " ")); err != nil {
				return err
			}
			if _, err := tx.Exec("INSERT INTO facts VALUES (?, ?, ?, ?, ?, ?)", row, p.ID, p.Category, p.PriceCents,
				p.StockQuantity > 0, p.IsActive); err != nil {
				return err
			}
		}
		return tx.Commit()
	})
}

// ftsVocab is FTS5's vocabulary, the fuzzy layer's dictionary.
func ftsVocab(db *sql.DB) ([]string, error) {
	if _, err := db.Exec("CREATE VIRTUAL TABLE vocab USING fts5vocab(fts, 'row')"); err != nil {
		return nil, err
	}
	rows, err := db.Query("SELECT term FROM vocab")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// ftsSearch answers q as the search route would with FTS5: each word
// widened to the vocabulary terms within its typo allowance (a scan in
// Go), the page of 20 by bm25, the total and the category counts.
func ftsSearch(db *sql.DB, vocab []string, q string) (int, error) {
	var groups []string
	for _, w := range strings.FieldsFunc(strings.ToLower(q), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		alts := []string{`"` + w + `"`}
		if d := fuzzAllowance(len([]rune(w))); d > 0 {
			for _, t := range vocab {
				if t != w && abs(len([]rune(t))-len([]rune(w))) <= d && levenshtein(w, t) <= d {
					alts = append(alts, `"`+t+`"`)
				}
			}
		}
		groups = append(groups, "("+strings.Join(alts, " OR ")+")")
	}
	match := strings.Join(groups, " AND ")
	rows, err := db.Query(`SELECT f.id FROM fts JOIN facts f ON f.rowid = fts.rowid WHERE fts MATCH ? AND f.active
		ORDER BY bm25(fts, 16, 4, 1) LIMIT 20`, match)
	if err != nil {
		return 0, err
	}
	for rows.Next() {
	}
	rows.Close()
	var n int
	if err := db.QueryRow(`SELECT COUNT(*) FROM fts JOIN facts f ON f.rowid = fts.rowid WHERE fts MATCH ? AND f.active`, match).Scan(&n); err != nil {
		return 0, err
	}
	rows, err = db.Query(`SELECT f.category, COUNT(*) FROM fts JOIN facts f ON f.rowid = fts.rowid WHERE fts MATCH ? AND f.active GROUP BY 1`, match)
	if err != nil {
		return 0, err
	}
	for rows.Next() {
	}
	rows.Close()
	return n, nil
}

func fuzzAllowance(n int) int {
	switch {
	case n < 4:
		return 0
	case n <= 7:
		return 1
	}
	return 2
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// levenshtein is the plain edit distance (the prototype's fuzzy layer).
func levenshtein(a, b string) int {
	s, t := []rune(a), []rune(b)
	prev := make([]int, len(t)+1)
	cur := make([]int, len(t)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(s); i++ {
		cur[0] = i
		for j := 1; j <= len(t); j++ {
			c := 1
			if s[i-1] == t[j-1] {
				c = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+c)
		}
		prev, cur = cur, prev
	}
	return prev[len(t)]
}
