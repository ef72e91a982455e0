package routes

import (
	"context"
	"errors"
	"image"
	"runtime/debug"
	"time"

	"github.com/pocketbase/pocketbase/tools/filesystem"
	"github.com/pocketbase/pocketbase/tools/store"
	"golang.org/x/sync/semaphore"

	"stageshop/shop"
)

// Thumbnails decode the whole original, so their memory is bounded here
// whatever was stored (uploads are checked, but the dashboard or older
// data may hold anything): each job reserves its estimated memory from one
// budget, jobs wait for room at most thumbMaxWait (then the original is
// served), and a thumbnail that failed is not tried again.
const (
	// thumbMemoryBudget is what thumbnail jobs may hold at once: the
	// largest image allowed (160 MB decoded) with its working copy.
	thumbMemoryBudget = 2 * shop.MaxImageDecodedBytes
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
	if err == nil && !shop.ImageFits(cfg) {
		err = errImageOverBudget
	}
	if err != nil {
		rememberFailedThumb(thumbPath)
		return err
	}
	// The decoded original plus the cropped copy the resize works on.
	need := min(shop.ImageDecodedBytes(cfg)+int64(cfg.Width)*int64(cfg.Height)*4, thumbMemoryBudget)
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
