package catalog

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop/audit"
	"stageshop/shop/field"
)

// MaxImportRows bounds one import (rows after the header): twice the
// issue's 10,000, so a shop of that size can import its own export again.
const MaxImportRows = 20000

// MaxImportColumns bounds the header of an import: the products' CSV has
// 22 columns, and a spreadsheet may add some of its own.
const MaxImportColumns = 100

// ImportFileError is a file that cannot be imported at all (not UTF-8
// text, or too many rows): the route answers it as a 400 envelope, with
// Code "invalid_csv" or "too_many_rows". Problems of rows and columns are
// ImportErrors in the result instead.
type ImportFileError struct {
	Code, Message string
}

func (e *ImportFileError) Error() string { return e.Message }

// ImportError is one problem of an import: the CSV's line (the header is
// line 1), its column and what is wrong.
type ImportError struct {
	Row     int    `json:"row"`
	Field   string `json:"field"`
	Message string `json:"message"`
}

// ImportResult is the answer of an import or its dry run: how many rows
// were read and how many products were (or would be) created and updated.
type ImportResult struct {
	Rows    int           `json:"rows"`
	Created int           `json:"created"`
	Updated int           `json:"updated"`
	DryRun  bool          `json:"dryRun"`
	Errors  []ImportError `json:"errors"`
}

// errRollBack ends an import's transaction without writing (a dry run, or
// a row failed).
var errRollBack = errors.New("import rolled back")

// importRow is one data row by column, with its line number.
type importRow struct {
	line int
	col  map[string]string
	// header is the file's column names in order (the plain attribute
	// and option columns are read in it).
	header []string
}

// importGroup is the rows of one product: by its id, or by the English
// name for a new one.
type importGroup struct {
	id   string
	rows []importRow
	bad  bool // its values failed (checkImportInputs): not saved, even to check
}

// importBatch is how many products one transaction of an import checks
// or writes: a hundred hold SQLite's write lock for a fraction of a
// second, so a shopper's request waits at most that long between batches
// (issue 43: one transaction of 20,000 rows kept an add-to-cart waiting
// 39 s; batches of 200 still made it wait up to 3.8 s at load 25).
const importBatch = 100

// ImportProductsCSV reads products from CSV (ProductCSVColumns; a row
// with an id updates that product, one without creates a product; the rows
// of one product are its variants). Every row is checked first: its
// values without the database, then against it (ids, categories, SKUs,
// the save's own rules) in batches that are rolled back; only when no row
// failed, and not on a dry run, are they written, in batches of
// importBatch products. Nothing is written when any row fails. Every
// row's problems are reported, and the admin's screen follows the
// progress (Progress).
func ImportProductsCSV(app core.App, r io.Reader, dryRun bool) (ImportResult, error) {
	p := startProgress(app, dryRun)
	defer p.finish()
	res := ImportResult{DryRun: dryRun, Errors: []ImportError{}}
	rows, errs, err := readImportCSV(r)
	if err != nil {
		return res, err
	}
	res.Rows = len(rows)
	if len(errs) > 0 {
		res.Errors = errs
		return res, nil
	}
	groups := groupImportRows(rows)
	p.begin(len(rows))
	res.Errors = checkImportInputs(groups)
	imgs, imgErrs := fetchImportImages(app, groups)
	res.Errors = append(res.Errors, imgErrs...)
	p.set(func(n *ImportProgress) { n.Errors = len(res.Errors) })
	if res, err = runImportBatches(app, groups, imgs, res, p, false); err != nil {
		return ImportResult{}, err
	}
	if !dryRun && len(res.Errors) == 0 {
		p.writing()
		if res, err = runImportBatches(app, groups, imgs, res, p, true); err != nil {
			return ImportResult{}, err
		}
	}
	sort.SliceStable(res.Errors, func(i, j int) bool { return res.Errors[i].Row < res.Errors[j].Row })
	p.done(res)
	return res, nil
}

// checkImportInputs checks every product's values as the API would,
// outside any transaction, and that no two products of the file share a
// SKU (the batches check SKUs against the database, not each other).
func checkImportInputs(groups []*importGroup) []ImportError {
	out := []ImportError{}
	skus := map[string]bool{}
	for _, g := range groups {
		if _, errs := g.input(); len(errs) > 0 {
			out = append(out, errs...)
			g.bad = true
		}
		mine := map[string]bool{}
		for _, r := range g.rows {
			sku := strings.ToLower(r.col["sku"]) // the SKUs' index has COLLATE NOCASE
			if sku == "" || mine[sku] {
				continue // a product's own repeats are its save's to report
			}
			mine[sku] = true
			if skus[sku] {
				out = append(out, ImportError{Row: r.line, Field: "sku", Message: "Another product in the file has SKU " + r.col["sku"]})
			}
			skus[sku] = true
		}
	}
	return out
}

// runImportBatches saves the groups importBatch at a time, each batch in
// its own write transaction: rolled back when checking (write false), kept
// when writing. Row errors are added to res; while writing (the rows were
// checked, so only an edit made meanwhile can fail one) the import stops
// at the batch that failed, which writes nothing.
func runImportBatches(app core.App, groups []*importGroup, imgs *importImages, res ImportResult, p *importProgress, write bool) (ImportResult, error) {
	res.Created, res.Updated = 0, 0
	var total audit.Tally // the written batches' price and stock changes
	for from := 0; from < len(groups); from += importBatch {
		batch := groups[from:min(from+importBatch, len(groups))]
		last := from+importBatch >= len(groups)
		var out batchOutcome
		var stored *batchImages
		var tally audit.Tally
		err := db.Write(app, func(txApp core.App) error {
			tally = audit.Tally{} // a busy retry starts again
			stored = imgs.batch()
			audit.Quiet(txApp, &tally)
			var err error
			if out, err = saveImportBatch(txApp, batch, stored); err != nil {
				return err
			}
			if !write || len(out.errs) > 0 {
				return errRollBack
			}
			if last {
				return recordImport(txApp, res.Rows, res.Created+out.created, res.Updated+out.updated, total, tally, false)
			}
			return nil
		})
		if err != nil && !errors.Is(err, errRollBack) {
			return res, err
		}
		if err == nil {
			stored.keep()
		}
		res.Created, res.Updated = res.Created+out.created, res.Updated+out.updated
		res.Errors = append(res.Errors, out.errs...)
		p.advance(batch, len(out.errs))
		if write && len(out.errs) > 0 {
			return res, recordStoppedImport(app, res, total)
		}
		if write {
			total.PriceChanges += tally.PriceChanges
			total.StockChanges += tally.StockChanges
		}
	}
	return res, nil
}

// batchOutcome is what one batch's saves did: the products created and
// updated, and the rows' errors.
type batchOutcome struct {
	created, updated int
	errs             []ImportError
}

// saveImportBatch saves a batch's groups in txApp's transaction (the
// groups already found bad are skipped); an error other than the rows'
// own aborts the transaction.
func saveImportBatch(txApp core.App, batch []*importGroup, stored *batchImages) (batchOutcome, error) {
	var out batchOutcome
	for _, g := range batch {
		if g.bad {
			continue
		}
		g, err := stored.resolve(txApp, g)
		if err != nil {
			return out, err
		}
		isNew, err := importGroupIn(txApp, g)
		var rowErrs importErrors
		switch {
		case errors.As(err, &rowErrs):
			out.errs = append(out.errs, rowErrs...)
		case err != nil:
			return out, err
		case isNew:
			out.created++
		default:
			out.updated++
		}
	}
	return out, nil
}

// recordStoppedImport writes the audit entry of an import that stopped at
// a failed batch after earlier ones were written (none when nothing was).
func recordStoppedImport(app core.App, res ImportResult, total audit.Tally) error {
	if res.Created+res.Updated == 0 {
		return nil
	}
	return db.Write(app, func(txApp core.App) error {
		return recordImport(txApp, res.Rows, res.Created, res.Updated, total, audit.Tally{}, true)
	})
}

// recordImport writes an import's one audit entry (import.completed) in
// the transaction of its last batch: rows read, products created and
// updated, variants whose price or stock changed (the earlier batches'
// total and this one's tally); stopped when a batch failed after others
// were written.
func recordImport(txApp core.App, rows, created, updated int, total, tally audit.Tally, stopped bool) error {
	after := map[string]any{"rows": rows, "created": created, "updated": updated,
		"priceChanges": total.PriceChanges + tally.PriceChanges, "stockChanges": total.StockChanges + tally.StockChanges}
	if stopped {
		after["stopped"] = true
	}
	return audit.Record(txApp, audit.Current(txApp), audit.Entry{Action: audit.ImportCompleted,
		Target: audit.Target{Collection: ProductsCollection, Label: fmt.Sprintf("CSV import, %d rows", rows)}, After: after})
}

// importErrors are a product's row errors.
type importErrors []ImportError

func (e importErrors) Error() string { return fmt.Sprintf("%d import errors", len(e)) }

// readImportCSV reads the header and the rows; a missing required column
// or a malformed file is one error of line 1 (or of the bad line). A file
// that is not UTF-8 text, or has more than MaxImportRows rows, is an
// *ImportFileError. Excel's variants are read as it writes them: a BOM,
// CRLF line ends and, in locales with a decimal comma, semicolons.
func readImportCSV(r io.Reader) ([]importRow, []ImportError, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, nil, err
	}
	if !utf8.Valid(data) || bytes.IndexByte(data, 0) >= 0 {
		return nil, nil, &ImportFileError{Code: "invalid_csv",
			Message: "The file is not UTF-8 text: save it as \"CSV UTF-8\" and try again"}
	}
	cr := csv.NewReader(bytes.NewReader(data))
	cr.FieldsPerRecord = -1
	cr.Comma = csvDelimiter(data)
	if first, _, _ := bytes.Cut(data, []byte("\n")); bytes.Count(first, []byte(string(cr.Comma))) >= MaxImportColumns {
		// Checked before anything is parsed: a 1,000,000-column header cost
		// 51 s of CPU, every row being read against every column (issue 43).
		return nil, nil, &ImportFileError{Code: "invalid_csv",
			Message: fmt.Sprintf("The header has more than %d columns: this is not the products' CSV", MaxImportColumns)}
	}
	header, err := cr.Read()
	if err != nil {
		return nil, []ImportError{{Row: 1, Field: "", Message: "The file is empty or not CSV"}}, nil
	}
	index := map[string]int{}
	names := make([]string, len(header))
	for i, h := range header {
		names[i] = strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))
		index[names[i]] = i
	}
	for _, need := range []string{"name", "category", "price"} {
		if _, ok := index[need]; !ok {
			return nil, []ImportError{{Row: 1, Field: need, Message: "The header has no " + need + " column"}}, nil
		}
	}
	var rows []importRow
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, []ImportError{{Row: line, Message: "This line is not valid CSV"}}, nil
		}
		if len(rows) == MaxImportRows {
			return nil, nil, &ImportFileError{Code: "too_many_rows",
				Message: fmt.Sprintf("At most %d rows can be imported at once: split the file", MaxImportRows)}
		}
		row := importRow{line: line, col: map[string]string{}, header: names}
		for name, i := range index {
			if i < len(rec) {
				row.col[name] = strings.TrimSpace(field.PlainCell(rec[i])) // as the export wrote it
			}
		}
		if strings.Join(rec, "") != "" { // blank lines are skipped
			rows = append(rows, row)
		}
	}
	return rows, nil, nil
}

// csvDelimiter is the file's field separator: a semicolon when its first
// line has more semicolons than commas (Excel in locales that write
// decimals with a comma), else a comma.
func csvDelimiter(data []byte) rune {
	first, _, _ := bytes.Cut(data, []byte("\n"))
	if bytes.Count(first, []byte(";")) > bytes.Count(first, []byte(",")) {
		return ';'
	}
	return ','
}

// groupImportRows puts the rows of each product together, in the order
// the products first appear.
func groupImportRows(rows []importRow) []*importGroup {
	var out []*importGroup
	byKey := map[string]*importGroup{}
	for _, r := range rows {
		key := "id:" + r.col["id"]
		if r.col["id"] == "" {
			key = "name:" + strings.ToLower(r.col["name"])
		}
		g := byKey[key]
		if g == nil {
			g = &importGroup{id: r.col["id"]}
			byKey[key] = g
			out = append(out, g)
		}
		g.rows = append(g.rows, r)
	}
	return out
}

// importGroupIn writes one product in txApp; created says whether it is
// new. Its problems come back as importErrors.
func importGroupIn(txApp core.App, g *importGroup) (created bool, err error) {
	in, errs := g.input()
	if len(errs) > 0 {
		return false, errs
	}
	if g.id != "" {
		rec, ferr := txApp.FindRecordById(ProductsCollection, g.id)
		if ferr != nil {
			return false, importErrors{{Row: g.rows[0].line, Field: "id", Message: "No product has this id"}}
		}
		err = saveProductInput(txApp, rec, in)
	} else {
		_, err = CreateProduct(txApp, in)
	}
	if err == nil {
		return g.id == "", nil
	}
	return false, g.rowErrors(err)
}

// rowErrors turns a save's error into the rows' errors.
func (g *importGroup) rowErrors(err error) error {
	var sku *SKUTakenError
	if errors.As(err, &sku) {
		return importErrors{g.errorAt(sku.Field, sku.Error())}
	}
	fields, _, ok := field.Messages(err)
	if !ok {
		if errors.Is(err, ErrCategoryNotFound) {
			// The import report's own words (ErrCategoryNotFound's are the 404's).
			return importErrors{{Row: g.rows[0].line, Field: "category", Message: "category not found"}}
		}
		return err
	}
	out := importErrors{}
	for path, msg := range fields {
		out = append(out, g.errorAt(path, msg))
	}
	return out
}

// importColumns maps the product API's field paths to the CSV's columns.
var importColumns = map[string]string{
	"name": "name", "nameLocalized.en": "name", "nameLocalized.ru": "name_ru", "nameLocalized.zh": "name_zh",
	"description": "description", "descriptionLocalized.en": "description", "descriptionLocalized.ru": "description_ru",
	"descriptionLocalized.zh": "description_zh", "category": "category", "taxClass": "taxClass", "isActive": "isActive",
	"imageFileNames": "images", "attributes": "attributes", "options": "options", "price": "price",
	"stockQuantity": "stockQuantity", "variants": "sku", "weightKg": "weightKg", "freightOnly": "freightOnly",
}

// variantColumnsCSV maps a variant's API fields to the CSV's columns.
var variantColumnsCSV = map[string]string{
	"sku": "sku", "optionValues": "optionValues", "price": "price", "compareAtPrice": "compareAtPrice",
	"stockQuantity": "stockQuantity", "isActive": "variantActive", "imageFileNames": "variantImages", "id": "sku",
}

// errorAt is the error of an API field path on the row it comes from: a
// variant's on its own row, the product's on its first.
func (g *importGroup) errorAt(path, msg string) ImportError {
	if rest, ok := strings.CutPrefix(path, "variants."); ok {
		idx, field, _ := strings.Cut(rest, ".")
		if i, err := strconv.Atoi(idx); err == nil && i >= 0 && i < len(g.rows) {
			col := variantColumnsCSV[strings.SplitN(field, ".", 2)[0]]
			if col == "" {
				col = "sku"
			}
			return ImportError{Row: g.rows[i].line, Field: col, Message: msg}
		}
	}
	col := importColumns[path]
	if col == "" {
		col = importColumns[strings.SplitN(path, ".", 2)[0]]
	}
	return ImportError{Row: g.rows[0].line, Field: col, Message: msg}
}
