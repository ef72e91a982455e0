package catalog

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	_ "image/gif" // decoders for image.DecodeConfig
	_ "image/jpeg"
	_ "image/png"
	"strings"

	"stageshop/shop/wire"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
	_ "golang.org/x/image/webp" // WebP for image.DecodeConfig
)

// Upload errors.
var (
	// ErrNotAnImage: the bytes are not an image of an accepted type.
	ErrNotAnImage = wire.BadRequest("invalid_image_type", "Please select valid image files (JPEG, PNG, GIF, WebP)")
	// ErrImageTooLarge: the image's dimensions are beyond the limits.
	ErrImageTooLarge = wire.BadRequest("image_too_large",
		fmt.Sprintf("Image dimensions must be at most %d pixels on a side and %d megapixels", MaxImageSide, MaxImagePixels/1000000))
)

// ImageField is product_images' file field, the one home of the upload's
// limits: the largest size, the accepted types and the thumbnail sizes.
func ImageField(app core.App) (*core.Collection, *core.FileField, error) {
	col, err := app.FindCachedCollectionByNameOrId(ProductImagesCollection)
	if err != nil {
		return nil, nil, err
	}
	f, ok := col.Fields.GetByName("file").(*core.FileField)
	if !ok {
		return nil, nil, errors.New("product_images has no file field")
	}
	return col, f, nil
}

// SaveProductImage stores an uploaded product image and returns its stored
// name. The type is decided by the bytes (sniffed, then decoded), never by
// a file name or a Content-Type; the name is generated. Bytes that are not
// an accepted image are ErrNotAnImage, dimensions beyond the limits
// ErrImageTooLarge.
func SaveProductImage(app core.App, data []byte) (string, error) {
	col, field, err := ImageField(app)
	if err != nil {
		return "", err
	}
	kind, err := checkImageBytes(field, data)
	if err != nil {
		return "", err
	}
	f, err := filesystem.NewFileFromBytes(data, "product"+imageExt(kind))
	if err != nil {
		return "", err
	}
	rec := core.NewRecord(col)
	rec.Set("file", f)
	if err := app.Save(rec); err != nil {
		var verrs validation.Errors
		if errors.As(err, &verrs) {
			return "", ErrNotAnImage
		}
		return "", err
	}
	return rec.GetString("file"), nil
}

// imageExt is the extension a stored image of a sniffed type gets.
func imageExt(kind string) string {
	if kind == "image/jpeg" {
		return ".jpg"
	}
	return "." + strings.TrimPrefix(kind, "image/")
}

// Limits of a product image's dimensions. The file limit (5 MB) says
// nothing about them: a 100 kB PNG can declare 30000x30000 pixels and take
// gigabytes to decode. A 24-megapixel camera photo fits easily.
const (
	MaxImageSide   = 10000    // pixels, either side
	MaxImagePixels = 40000000 // 40 megapixels
	// MaxImageDecodedBytes bounds the decoded pixels in memory: 40
	// megapixels at 4 bytes (8-bit RGBA); a 16-bit PNG may have half.
	MaxImageDecodedBytes = MaxImagePixels * 4
)

// ImageFits reports whether an image with this header (image.DecodeConfig,
// which reads no pixels) is within the limits.
func ImageFits(cfg image.Config) bool {
	w, h := int64(cfg.Width), int64(cfg.Height)
	return w > 0 && h > 0 && w <= MaxImageSide && h <= MaxImageSide &&
		w*h <= MaxImagePixels && ImageDecodedBytes(cfg) <= MaxImageDecodedBytes
}

// ImageDecodedBytes estimates the memory the decoded pixels of an image
// with this header take.
func ImageDecodedBytes(cfg image.Config) int64 {
	return int64(cfg.Width) * int64(cfg.Height) * bytesPerPixel(cfg.ColorModel)
}

func bytesPerPixel(m color.Model) int64 {
	switch m {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model, color.Alpha16Model:
		return 2
	case color.YCbCrModel, color.NYCbCrAModel:
		return 3 // 4:4:4 at most (2 with the usual subsampling)
	case color.RGBAModel, color.NRGBAModel, color.CMYKModel:
		return 4
	}
	if _, ok := m.(color.Palette); ok {
		return 1
	}
	return 8 // 16-bit RGBA, or unknown: assume the worst
}
