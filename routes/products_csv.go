package routes

import (
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/catalog"
)

// maxImportBytes bounds an import's CSV (10,000 rows of a full catalog are
// about 8 MB).
const maxImportBytes = 32 << 20

// registerProductsCSV binds the admin's product import and export (issue
// 35): the same columns both ways.
func registerProductsCSV(se *core.ServeEvent) {
	g := shopGroup(se, "/api/admin/products")
	g.Bind(staffOnly())
	g.GET("/export.csv", adminExportProducts)
	g.POST("/import", adminImportProducts)
	g.GET("/import/progress", func(e *core.RequestEvent) error {
		e.Response.Header().Set("Cache-Control", "private, no-store")
		return e.JSON(http.StatusOK, catalog.Progress(e.App))
	})
}

// adminExportProducts streams every product as CSV; a failure after the
// first bytes aborts the connection (a visibly failed download, never a
// short file that looks complete).
func adminExportProducts(e *core.RequestEvent) error {
	h := e.Response.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="products.csv"`)
	h.Set("Cache-Control", "private, no-store")
	e.Response.WriteHeader(http.StatusOK)
	if err := catalog.ExportProductsCSV(e.App, e.Response); err != nil {
		e.App.Logger().Error("products CSV export failed after its first bytes", "error", err.Error())
		panic(http.ErrAbortHandler)
	}
	return nil
}

// adminImportProducts imports a CSV sent as the body or as the file of a
// multipart form (field "file"); dryRun=1 checks every row and writes
// nothing. Row problems are a 200 answer with errors (the dry run's
// purpose); a file that cannot be read (not UTF-8, too many rows) is a 400
// envelope (invalid_csv, too_many_rows), one over maxImportBytes a 413.
func adminImportProducts(e *core.RequestEvent) error {
	body := http.MaxBytesReader(e.Response, e.Request.Body, maxImportBytes)
	var r io.Reader = body
	if ct, _, _ := mime.ParseMediaType(e.Request.Header.Get("Content-Type")); strings.HasPrefix(ct, "multipart/") {
		e.Request.Body = body
		f, _, err := e.Request.FormFile("file")
		if err != nil {
			return newError(http.StatusBadRequest, "invalid_file", "Send the CSV file in the field \"file\"")
		}
		defer f.Close()
		r = f
	}
	dry := queryText(e, "dryRun")
	res, err := catalog.ImportProductsCSV(acting(e), r, dry == "1" || dry == "true")
	var fileErr *catalog.ImportFileError
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &fileErr):
		// No errors map: api.md keeps it for validation failures, and the
		// app shows the code's own text.
		return newError(http.StatusBadRequest, fileErr.Code, fileErr.Message)
	case errors.As(err, &tooLarge):
		return newError(http.StatusRequestEntityTooLarge, "body_too_large", "The file is too large")
	case err != nil:
		return err
	}
	return e.JSON(http.StatusOK, res)
}
