package routes

import (
	"context"
	"errors"
	"image"
	"runtime/debug"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/store"
	"golang.org/x/sync/semaphore"

	"stageshop/shop/catalog"
)

// Thumbnails decode the whole original, so their memory is bounded here
// whatever was stored (uploads are checked, but the dashboard or older
// data may hold anything): each job reserves its estimated memory from one
// budget, jobs wait for room at most thumbMaxWait (then the original is
// served), and a thumbnail that failed is not tried again.
const (
	// thumbMemoryBudget is what thumbnail jobs may hold at once: the
	// largest image allowed (160 MB decoded) with its working copy.
	thumbMemoryBudget = 2 * catalog.MaxImageDecodedBytes
	thumbMaxWait      = 15 * time.Second
	// bigThumbJob is the size after which memory goes back to the system
	// at once, so one large photo does not keep the process's RSS up.
	bigThumbJob = 64 << 20
	// maxFailedThumbs bounds the memory of failures (then it starts over).
	maxFailedThumbs = 10000
)

var (
	thumbMemory  = semaphore.NewWeighted(thumbMemoryBudget)
	failedThumbs = store.New[string, struct{}](nil)

	errThumbFailedBefore = errors.New("thumbnail failed before")
	errImageOverBudget   = errors.New("image over the pixel budget")
)

// createThumb makes the thumbnail thumbPath of the stored image srcPath
// within the memory budget.
func createThumb(ctx context.Context, fsys *filesystem.System, srcPath, thumbPath, size string) error {
	if failedThumbs.Has(thumbPath) {
		return errThumbFailedBefore
	}
	cfg, err := imageHeader(fsys, srcPath)
	if err == nil && !catalog.ImageFits(cfg) {
		err = errImageOverBudget
	}
	if err != nil {
		rememberFailedThumb(thumbPath)
		return err
	}
	// The decoded original plus the cropped copy the resize works on.
	need := min(catalog.ImageDecodedBytes(cfg)+int64(cfg.Width)*int64(cfg.Height)*4, thumbMemoryBudget)
	wait, cancel := context.WithTimeout(ctx, thumbMaxWait)
	defer cancel()
	if err := thumbMemory.Acquire(wait, need); err != nil {
		return err // busy: not remembered, a later request tries again
	}
	err = fsys.CreateThumb(srcPath, thumbPath, size)
	thumbMemory.Release(need)
	if need > bigThumbJob {
		debug.FreeOSMemory()
	}
	if err != nil {
		rememberFailedThumb(thumbPath)
	}
	return err
}

// imageHeader reads only the header of a stored image.
func imageHeader(fsys *filesystem.System, path string) (image.Config, error) {
	r, err := fsys.GetReader(path)
	if err != nil {
		return image.Config{}, err
	}
	defer r.Close()
	cfg, _, err := image.DecodeConfig(r)
	return cfg, err
}

func rememberFailedThumb(thumbPath string) {
	if !failedThumbs.SetIfLessThanLimit(thumbPath, struct{}{}, maxFailedThumbs) {
		failedThumbs.Reset(nil)
		failedThumbs.Set(thumbPath, struct{}{})
	}
}

// fileRouteVerdicts remembers, per stored path, whether an image fits the
// pixel limits, so PocketBase's file route reads each header once.
var fileRouteVerdicts = store.New[string, bool](nil)

// guardFileRouteThumbs keeps PocketBase's own file route
// (/api/files/product_images/{record}/{file}?thumb=) from making a
// thumbnail of a stored product image beyond the pixel limits (one stored
// before the product_images hook refused them): the thumb parameter is
// dropped and the original served, as the shop's image route does. Only
// the header is read.
func guardFileRouteThumbs() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{Func: func(e *core.RequestEvent) error {
		q := e.Request.URL.Query()
		rest, ok := strings.CutPrefix(e.Request.URL.Path, "/api/files/")
		if !ok || q.Get("thumb") == "" {
			return e.Next()
		}
		parts := strings.Split(rest, "/")
		if len(parts) != 3 || !storedName.MatchString(parts[1]) || !storedName.MatchString(parts[2]) {
			return e.Next()
		}
		col, err := e.App.FindCachedCollectionByNameOrId(parts[0])
		if err != nil || col.Name != catalog.ProductImagesCollection || fileFits(e.App, col.Id+"/"+parts[1]+"/"+parts[2]) {
			return e.Next()
		}
		q.Del("thumb")
		e.Request.URL.RawQuery = q.Encode()
		return e.Next()
	}}
}

// fileFits reports whether the stored image at path is within the pixel
// limits; an unreadable file counts as fitting (PocketBase answers 404 or
// fails its thumbnail cheaply).
func fileFits(app core.App, path string) bool {
	if fits, ok := fileRouteVerdicts.GetOk(path); ok {
		return fits
	}
	fsys, err := app.NewFilesystem()
	if err != nil {
		return true
	}
	defer fsys.Close()
	cfg, err := imageHeader(fsys, path)
	if err != nil {
		return true
	}
	fits := catalog.ImageFits(cfg)
	if !fileRouteVerdicts.SetIfLessThanLimit(path, fits, maxFailedThumbs) {
		fileRouteVerdicts.Reset(map[string]bool{path: fits})
	}
	return fits
}
