package artwork

import (
	"bytes"
	"image/jpeg"
	"math"
	"testing"
)

// signature is a picture's brightness on a coarse 32×24 grid.
func signature(t *testing.T, pic []byte) []float64 {
	t.Helper()
	img, err := jpeg.Decode(bytes.NewReader(pic))
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	out := make([]float64, 0, 32*24)
	for gy := 0; gy < 24; gy++ {
		for gx := 0; gx < 32; gx++ {
			r, g, bl, _ := img.At(b.Min.X+gx*b.Dx()/32+b.Dx()/64, b.Min.Y+gy*b.Dy()/24+b.Dy()/48).RGBA()
			out = append(out, (0.3*float64(r)+0.59*float64(g)+0.11*float64(bl))/257)
		}
	}
	return out
}

// Every kind draws its own picture (issue 35: a microphone, a mixer and an
// in-ear pack all showed the loudspeaker): drawn in the same colours, any
// two kinds differ clearly in shape, not by a few pixels.
func TestKindsDrawDistinctPictures(t *testing.T) {
	sigs := map[string][]float64{}
	for k, d := range kinds {
		dup := false
		for _, other := range []string{"Lighting", "Sound", "Stage", "Accessories"} {
			dup = dup || (k != other && sameFunc(d, kinds[other]))
		}
		if dup { // the categories' drawings are a product kind too
			continue
		}
		sigs[k] = signature(t, Product(k, 0))
	}
	for a, sa := range sigs {
		for b, sb := range sigs {
			if a >= b {
				continue
			}
			var diff float64
			for i := range sa {
				diff += math.Abs(sa[i] - sb[i])
			}
			if diff /= float64(len(sa)); diff < 1.5 {
				t.Errorf("%s and %s look alike (mean brightness difference %.1f)", a, b, diff)
			}
		}
	}
	if len(sigs) < 32 {
		t.Errorf("%d distinct kinds, want a kind per demo product (32)", len(sigs))
	}
}

func sameFunc(a, b drawing) bool {
	return a != nil && b != nil && funcName(a) == funcName(b)
}
