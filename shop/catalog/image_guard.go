package catalog

import (
	"fmt"
	"image"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
)

// ValidateProductImageRecord is the product_images rule for every writer:
// the dashboard and PocketBase's records API store a file past the upload
// route's checks, and PocketBase's own file route would then decode the
// whole image for a thumbnail (a 30000x30000 PNG of 3.5 MB took the server
// to 3.5 GB). A new file whose header declares dimensions beyond the
// limits (ImageFits), or that claims to be an image without a readable
// header, is refused; only the header is read.
func ValidateProductImageRecord(rec *core.Record) error {
	for _, f := range rec.GetUnsavedFiles("file") {
		cfg, err := fileHeader(f)
		switch {
		case err != nil:
			return validation.Errors{"file": validation.NewError("validation_invalid_image",
				"Please select valid image files (JPEG, PNG, GIF, WebP)")}
		case !ImageFits(cfg):
			return validation.Errors{"file": validation.NewError("image_too_large", fmt.Sprintf(
				"Image dimensions must be at most %d pixels on a side and %d megapixels", MaxImageSide, MaxImagePixels/1000000))}
		}
	}
	return nil
}

// fileHeader reads the image header of an uploaded file.
func fileHeader(f *filesystem.File) (image.Config, error) {
	r, err := f.Reader.Open()
	if err != nil {
		return image.Config{}, err
	}
	defer r.Close()
	cfg, _, err := image.DecodeConfig(r)
	return cfg, err
}
