// Package artwork draws the shop's built-in pictures: the placeholder shown
// when a product has no image, and the demo catalog's product images. They
// are made in code so the repository ships no binary assets and a demo
// install downloads nothing.
package artwork

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"runtime"
	"sync"
)

// Size of the generated pictures (4:3, like the card thumbnails).
const (
	pictureWidth  = 640
	pictureHeight = 480
)

// Placeholder is a neutral grey picture with a faint picture frame.
func Placeholder() []byte {
	return render(400, 300, func(x, y float64) color.RGBA {
		bg := mix(rgb(236, 238, 242), rgb(220, 224, 230), y)
		// a frame with a mountain and a sun: the usual "no image" sign
		frame := box(x-0.5, y-0.5, 0.18, 0.16, 0.02)
		inner := box(x-0.5, y-0.5, 0.16, 0.14, 0.01)
		sun := circle(x-0.56, y-0.43, 0.025)
		hill := y - (0.62 - 0.12*math.Max(0, 1-math.Abs(x-0.46)/0.12))
		c := bg
		c = blend(c, rgb(170, 176, 186), cover(frame)*(1-cover(inner)))
		c = blend(c, rgb(170, 176, 186), cover(sun))
		if inner < 0 {
			c = blend(c, rgb(185, 190, 200), cover(-hill*300))
		}
		return c
	})
}

// Product draws a demo picture of a kind (kinds.go; a category's name
// draws that category's picture); variant changes colours and composition
// so the images of one product differ.
//
// A picture is drawn once per process (a seed and the tests that seed
// again draw the same 70); each caller gets its own copy.
func Product(kind string, variant int) []byte {
	key := drawn{kind, variant}
	if pic, ok := pictures.Load(key); ok {
		return bytes.Clone(pic.([]byte))
	}
	pic := drawProduct(kind, variant)
	pictures.Store(key, pic)
	return bytes.Clone(pic)
}

// drawn names a product picture in the process's memo.
type drawn struct {
	kind    string
	variant int
}

var pictures sync.Map // drawn -> []byte (JPEG)

// drawProduct paints the picture Product keeps.
func drawProduct(kind string, variant int) []byte {
	draw := kinds[kind]
	if draw == nil {
		draw = drawCable
	}
	hues := [][3]uint8{{255, 120, 60}, {70, 140, 255}, {200, 80, 255}, {40, 200, 160}, {255, 200, 60}}
	h := hues[variant%len(hues)]
	accent := rgb(h[0], h[1], h[2])
	shift := float64(variant%4) * 0.07
	return render(pictureWidth, pictureHeight, func(x, y float64) color.RGBA {
		// a dark stage with a soft haze at the back
		c := mix(rgb(18, 20, 30), rgb(8, 9, 14), y)
		c = blend(c, scale(accent, 0.35), 0.5*math.Exp(-((x-0.5)*(x-0.5)+(y-0.2)*(y-0.2))*6))
		floor := y - 0.78
		c = blend(c, rgb(28, 30, 40), cover(floor*400))
		return draw(c, accent, x, y, shift)
	})
}

func drawLight(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	cx := 0.5 + shift - 0.1
	// the beam: a widening cone from the lamp to the floor
	if y > 0.3 {
		half := 0.04 + (y-0.3)*0.35
		d := math.Abs(x-cx) - half
		c = blend(c, scale(accent, 0.9), 0.45*soft(d, 0.03)*(1-(y-0.3)))
	}
	c = blend(c, lighten(accent, 0.5), 0.8*soft(circle(x-cx, (y-0.8)*2.2, 0.18), 0.04))
	// the lamp head, yoke and the truss it hangs from
	c = blend(c, rgb(60, 62, 72), cover(box(x-0.5, y-0.12, 0.45, 0.02, 0.005)))
	c = blend(c, rgb(50, 52, 60), cover(box(x-cx, y-0.2, 0.012, 0.08, 0.004)))
	c = blend(c, rgb(40, 42, 50), cover(box(x-cx, y-0.27, 0.08, 0.06, 0.02)))
	c = blend(c, lighten(accent, 0.7), cover(box(x-cx, y-0.325, 0.06, 0.012, 0.006)))
	return c
}

func drawSpeaker(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	cx := 0.5 + shift - 0.1
	c = blend(c, rgb(30, 31, 38), cover(box(x-cx, y-0.5, 0.17, 0.3, 0.015)))
	c = blend(c, rgb(45, 47, 56), cover(-box(x-cx, y-0.5, 0.17, 0.3, 0.015)*400)*cover(box(x-cx, y-0.5, 0.175, 0.305, 0.015)))
	for _, w := range []struct{ y, r float64 }{{0.36, 0.05}, {0.6, 0.12}} {
		d := circle(x-cx, (y-w.y)*0.75, w.r)
		c = blend(c, rgb(15, 15, 18), cover(d))
		c = blend(c, scale(accent, 0.8), cover(math.Abs(d+0.01)-0.004))
		c = blend(c, rgb(60, 60, 70), cover(circle(x-cx, (y-w.y)*0.75, w.r*0.3)))
	}
	return c
}

func drawStage(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	// curtains on both sides
	for _, side := range []float64{0.08, 0.92} {
		if math.Abs(x-side) < 0.1+shift*0.3 {
			fold := 0.5 + 0.5*math.Sin(x*140)
			c = blend(c, scale(rgb(150, 20, 40), 0.5+0.5*fold), 0.9)
		}
	}
	// a deck platform on legs
	c = blend(c, lighten(accent, 0.2), cover(box(x-0.5, y-0.62, 0.28, 0.035, 0.004)))
	c = blend(c, rgb(35, 36, 44), cover(box(x-0.5, y-0.6, 0.28, 0.012, 0.004)))
	for _, lx := range []float64{0.25, 0.5, 0.75} {
		c = blend(c, rgb(90, 92, 104), cover(box(x-lx, y-0.72, 0.01, 0.08, 0.003)))
	}
	return c
}

func drawCable(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	cx, cy := 0.5+shift-0.1, 0.52
	for i := 0; i < 5; i++ {
		r := 0.08 + float64(i)*0.035
		d := math.Abs(circle(x-cx, (y-cy)*0.8, r)) - 0.008
		c = blend(c, scale(accent, 0.6+0.08*float64(i)), cover(d))
	}
	// the plug at the end of the coil
	c = blend(c, rgb(170, 172, 180), cover(box(x-cx-0.28, y-cy, 0.05, 0.022, 0.008)))
	return c
}

// render paints a w×h JPEG; f gets coordinates in 0..1 (y scaled by height).
func render(w, h int, f func(x, y float64) color.RGBA) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	// Rows are independent: paint them on every core.
	var wg sync.WaitGroup
	workers := runtime.GOMAXPROCS(0)
	for k := 0; k < workers; k++ {
		wg.Go(func() {
			for py := k; py < h; py += workers {
				for px := 0; px < w; px++ {
					img.SetRGBA(px, py, f((float64(px)+0.5)/float64(w), (float64(py)+0.5)/float64(h)))
				}
			}
		})
	}
	wg.Wait()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}); err != nil {
		panic(err) // encoding to memory only fails on programmer error
	}
	return buf.Bytes()
}

// box is the signed distance to a rounded rectangle of half-size (hw, hh).
func box(dx, dy, hw, hh, r float64) float64 {
	qx, qy := math.Abs(dx)-hw+r, math.Abs(dy)-hh+r
	return math.Hypot(math.Max(qx, 0), math.Max(qy, 0)) + math.Min(math.Max(qx, qy), 0) - r
}

// circle is the signed distance to a circle of radius r.
func circle(dx, dy, r float64) float64 { return math.Hypot(dx, dy) - r }

// soft is coverage with an edge of the given width: 1 well inside, 0 outside.
func soft(d, width float64) float64 {
	return math.Max(0, math.Min(1, 0.5-d/width))
}

// cover turns a signed distance into coverage with a soft edge.
func cover(d float64) float64 {
	const edge = 0.0015
	return math.Max(0, math.Min(1, 0.5-d/(2*edge)))
}

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 255} }

func mix(a, b color.RGBA, t float64) color.RGBA { return blend(a, b, t) }

func blend(a, b color.RGBA, t float64) color.RGBA {
	t = math.Max(0, math.Min(1, t))
	l := func(p, q uint8) uint8 { return uint8(float64(p)*(1-t) + float64(q)*t + 0.5) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), 255}
}

func scale(c color.RGBA, k float64) color.RGBA {
	s := func(v uint8) uint8 { return uint8(math.Min(255, float64(v)*k)) }
	return color.RGBA{s(c.R), s(c.G), s(c.B), 255}
}

func lighten(c color.RGBA, t float64) color.RGBA { return blend(c, rgb(255, 255, 255), t) }
