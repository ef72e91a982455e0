package shop

import (
	"image"
	"image/color"
)

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
