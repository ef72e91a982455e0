package migrations_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	_ "stageshop/pb_migrations"
)

// updateGolden rewrites testdata/schema.golden from what the migrations do
// now: `go test ./pb_migrations -run TestSchemaGolden -update`. Only a NEW
// migration may change the file (it adds its own lines); a change to the
// lines of a landed migration means its code changed what it does.
var updateGolden = flag.Bool("update", false, "rewrite testdata/schema.golden")

const goldenPath = "testdata/schema.golden"

// A landed migration never changes what it does, while its code may be
// refactored. This guard applies every migration on a fresh PocketBase app
// and records the resulting schema (every collection's fields, rules,
// indexes and options; the SQLite tables, indexes, triggers and views; the
// settings; the records the migrations write), then reverts the migrations
// one by one, newest first, and records what each down migration changed.
// Each down migration must succeed, and applying it again must give back the
// schema exactly, so every migration can be rolled back and replayed; with
// all of them reverted, what is left is a fresh PocketBase's own schema.
// The whole record must equal the golden file.
func TestSchemaGolden(t *testing.T) {
	app, err := tests.NewTestApp(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer app.Cleanup()

	migrations := core.AppMigrations.Items()
	var out strings.Builder
	out.WriteString("# What the migrations do, from schemaSnapshot in snapshot_test.go.\n")
	out.WriteString("# Regenerate only for a new migration: go test ./pb_migrations -run TestSchemaGolden -update\n")
	for _, m := range migrations {
		fmt.Fprintf(&out, "migration %s\n", m.File)
	}
	state := schemaSnapshot(t, app)
	out.WriteString("== after all migrations\n")
	for _, line := range state {
		out.WriteString(line + "\n")
	}
	for i := len(migrations) - 1; i >= 0; i-- {
		m := migrations[i]
		if err := m.Down(app); err != nil {
			t.Fatalf("down %s: %v", m.File, err)
		}
		reverted := schemaSnapshot(t, app)
		replay(t, app, m, state, reverted)
		fmt.Fprintf(&out, "== down %s\n", m.File)
		for _, line := range lineDiff(state, reverted) {
			out.WriteString(line + "\n")
		}
		state = reverted
	}
	if pocketBase := pocketBaseSnapshot(t); !slices.Equal(state, pocketBase) {
		t.Errorf("with every migration reverted, the schema is not a fresh PocketBase's (- left behind, + missing):\n%s",
			strings.Join(lineDiff(state, pocketBase), "\n"))
	}
	compareGolden(t, out.String())
}

// pocketBaseSnapshot is the schemaSnapshot of a data dir with PocketBase's
// own migrations only, set as tests.NewTestApp sets it.
func pocketBaseSnapshot(t *testing.T) []string {
	t.Helper()
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: t.TempDir(), EncryptionEnv: "pb_test_env"})
	if err := app.Bootstrap(); err != nil {
		t.Fatal(err)
	}
	defer app.ResetBootstrapState()
	app.Settings().Logs.MaxDays = 0
	return schemaSnapshot(t, app)
}

// replay applies m again on the app reverted past m and checks that this
// gives back up (the schema with m), then reverts m again and checks that
// this gives back down.
func replay(t *testing.T, app core.App, m *core.Migration, up, down []string) {
	t.Helper()
	if err := m.Up(app); err != nil {
		t.Fatalf("up again %s: %v", m.File, err)
	}
	if again := schemaSnapshot(t, app); !slices.Equal(again, up) {
		t.Errorf("%s: down then up does not give the schema back:\n%s", m.File, strings.Join(lineDiff(up, again), "\n"))
	}
	if err := m.Down(app); err != nil {
		t.Fatalf("down again %s: %v", m.File, err)
	}
	if again := schemaSnapshot(t, app); !slices.Equal(again, down) {
		t.Errorf("%s: down, up, down does not revert as the first down did:\n%s", m.File, strings.Join(lineDiff(down, again), "\n"))
	}
}

// compareGolden checks got against the golden file (or rewrites it with
// -update) and shows the differing lines.
func compareGolden(t *testing.T, got string) {
	t.Helper()
	if *updateGolden {
		if err := os.MkdirAll(filepath.Dir(goldenPath), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(goldenPath, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatalf("%v (write it with -update)", err)
	}
	if string(want) == got {
		return
	}
	wantLines, gotLines := strings.Split(string(want), "\n"), strings.Split(got, "\n")
	first := 0
	for first < len(wantLines) && first < len(gotLines) && wantLines[first] == gotLines[first] {
		first++
	}
	t.Fatalf("the migrations no longer do what %s records; first difference at line %d; lines only in one (- golden, + now):\n%s",
		goldenPath, first+1, strings.Join(lineDiff(wantLines, gotLines), "\n"))
}

// schemaSnapshot is everything the migrations decide, one fact a line,
// sorted: per collection its options, each field (with its position) and
// each index; SQLite's schema with whitespace collapsed; the settings; and
// the records of the shop's collections. Ids of records and timestamps,
// which differ between runs, are left out; collection and field ids are
// derived from names by PocketBase and stay in.
func schemaSnapshot(t *testing.T, app core.App) []string {
	t.Helper()
	var lines []string
	collections, err := app.FindAllCollections()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range collections {
		lines = append(lines, collectionLines(t, c)...)
		if strings.HasPrefix(c.Name, "_") || c.IsView() {
			continue
		}
		records, err := app.FindAllRecords(c)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range records {
			data := r.FieldsData()
			for _, k := range []string{"id", "created", "updated"} {
				delete(data, k)
			}
			lines = append(lines, fmt.Sprintf("record %s %s", c.Name, mustJSON(t, data)))
		}
	}
	lines = append(lines, sqliteLines(t, app)...)
	settings := map[string]any{}
	if err := json.Unmarshal([]byte(mustJSON(t, app.Settings())), &settings); err != nil {
		t.Fatal(err)
	}
	// One line per rate limit rule: PocketBase finds a rule by its label,
	// so their order does not matter.
	if limits, ok := settings["rateLimits"].(map[string]any); ok {
		rules, _ := limits["rules"].([]any)
		for _, r := range rules {
			lines = append(lines, "settings rateLimits.rules "+mustJSON(t, r))
		}
		delete(limits, "rules")
	}
	for k, v := range settings {
		lines = append(lines, fmt.Sprintf("settings %s %s", k, mustJSON(t, v)))
	}
	slices.Sort(lines)
	return lines
}

// collectionLines are the lines of one collection's JSON export.
func collectionLines(t *testing.T, c *core.Collection) []string {
	t.Helper()
	data := map[string]any{}
	if err := json.Unmarshal([]byte(mustJSON(t, c)), &data); err != nil {
		t.Fatal(err)
	}
	var lines []string
	fields, _ := data["fields"].([]any)
	for i, f := range fields {
		lines = append(lines, fmt.Sprintf("collection %s field %02d %s", c.Name, i, mustJSON(t, f)))
	}
	indexes, _ := data["indexes"].([]any)
	for _, idx := range indexes {
		lines = append(lines, fmt.Sprintf("collection %s index %s", c.Name, idx))
	}
	for _, k := range []string{"fields", "indexes", "created", "updated"} {
		delete(data, k)
	}
	for k, v := range data {
		lines = append(lines, fmt.Sprintf("collection %s %s %s", c.Name, k, mustJSON(t, v)))
	}
	return lines
}

// sqliteLines are SQLite's own record of the tables, indexes, triggers and
// views, whitespace collapsed so each is one line.
func sqliteLines(t *testing.T, app core.App) []string {
	t.Helper()
	var rows []struct {
		Type string `db:"type"`
		Name string `db:"name"`
		SQL  string `db:"sql"`
	}
	err := app.DB().NewQuery(`SELECT type, name, sql FROM sqlite_master
		WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'`).All(&rows)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, r := range rows {
		lines = append(lines, fmt.Sprintf("sqlite %s %s %s", r.Type, r.Name, strings.Join(strings.Fields(r.SQL), " ")))
	}
	return lines
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// lineDiff lists the lines only in a ("- ") and only in b ("+ "), both
// sorted; lines that both have (as often) are left out.
func lineDiff(a, b []string) []string {
	count := map[string]int{}
	for _, l := range a {
		count[l]++
	}
	for _, l := range b {
		count[l]--
	}
	var out []string
	for _, l := range a {
		if count[l] > 0 {
			out = append(out, "- "+l)
			count[l]--
		}
	}
	for _, l := range b {
		if count[l] < 0 {
			out = append(out, "+ "+l)
			count[l]++
		}
	}
	return out
}
