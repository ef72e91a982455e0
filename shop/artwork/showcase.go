package artwork

import (
	"image/color"
	"math"
)

// The pictures of the demo catalog's showcase products (issue 44: variants,
// a sale, freight and hire), registered beside the others so that each
// still has a drawing of its own.
func init() {
	for k, d := range map[string]drawing{
		"star-quad-cable": drawStarQuad, "coupler-clamp": drawCoupler, "uplight": drawUplight,
		"mobile-stage": drawMobileStage, "pa-speaker": drawPASpeaker, "compact-mixer": drawCompactMixer,
		"pa-kit": drawPAKit,
	} {
		kinds[k] = d
	}
}

func drawStarQuad(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	// a long figure-of-eight coil between two plugs, the four cores at the cut end
	for _, cx := range []float64{0.34, 0.62} {
		d := math.Abs(circle((x-cx)*1.33, y-0.5, 0.16)) - 0.014
		c = blend(c, scale(accent, 0.85), cover(d))
	}
	c = blend(c, metal, cover(box(x-0.12, y-0.5, 0.05, 0.028, 0.01)))
	c = blend(c, rgb(66, 68, 80), cover(box(x-0.86, y-0.5, 0.05, 0.034, 0.01)))
	for i, col := range []color.RGBA{rgb(220, 60, 60), rgb(230, 230, 235), rgb(60, 110, 230), rgb(240, 210, 70)} {
		a := float64(i)*math.Pi/2 + math.Pi/4
		c = blend(c, col, cover(circle((x-0.86-0.012*math.Cos(a))*1.33, y-0.5-0.012*math.Sin(a), 0.007)))
	}
	return c
}

func drawCoupler(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	// one big half coupler on a tube seen end-on, its bolt and hanging hook
	tube := circle((x-0.5)*1.33, y-0.36, 0.12)
	c = blend(c, rgb(120, 124, 136), cover(tube))
	c = blend(c, rgb(70, 72, 82), cover(circle((x-0.5)*1.33, y-0.36, 0.09)))
	c = blend(c, scale(accent, 0.85), cover(math.Abs(tube-0.02)-0.018)*step(y-0.3))
	c = line(c, metal, x, y, 0.5, 0.52, 0.5, 0.74, 0.014)
	return blend(c, metal, cover(box(x-0.5, y-0.76, 0.07, 0.02, 0.006)))
}

func drawUplight(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	// a squat battery fixture on the floor washing a wall with colour
	if y < 0.62 {
		half := 0.08 + (0.62-y)*0.45
		c = blend(c, scale(accent, 0.8), 0.55*soft(math.Abs(x-0.5)-half, 0.06)*(0.3+y))
	}
	c = blend(c, body, cover(box(x-0.5, y-0.7, 0.12, 0.07, 0.02)))
	c = blend(c, lighten(accent, 0.6), cover(box(x-0.5, y-0.63, 0.1, 0.012, 0.006)))
	return blend(c, rgb(90, 230, 120), cover(circle((x-0.59)*1.33, y-0.72, 0.008)))
}

func drawMobileStage(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	// a trailer stage: the deck on wheels, the roof on two towers
	c = blend(c, rgb(70, 72, 84), cover(box(x-0.5, y-0.62, 0.4, 0.04, 0.006)))
	c = blend(c, scale(accent, 0.7), cover(box(x-0.5, y-0.2, 0.42, 0.035, 0.01)))
	for _, tx := range []float64{0.13, 0.87} {
		c = line(c, metal, x, y, tx, 0.23, tx, 0.58, 0.01)
	}
	for _, wx := range []float64{0.32, 0.42} {
		c = blend(c, rgb(20, 20, 24), cover(circle((x-wx)*1.33, y-0.71, 0.05)))
		c = blend(c, metal, cover(circle((x-wx)*1.33, y-0.71, 0.018)))
	}
	return blend(c, scale(accent, 0.45), 0.6*soft(math.Abs(x-0.5)-0.3, 0.1)*step(y-0.24)*step(0.58-y))
}

func drawPASpeaker(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	// a speaker on a pole over a tripod, its handle on top
	for _, fx := range []float64{0.38, 0.62} {
		c = line(c, metal, x, y, 0.5, 0.66, fx, 0.82, 0.006)
	}
	c = line(c, metal, x, y, 0.5, 0.45, 0.5, 0.82, 0.009)
	c = blend(c, body, cover(box(x-0.5, y-0.3, 0.11, 0.2, 0.02)))
	c = blend(c, scale(accent, 0.8), cover(box(x-0.5, y-0.18, 0.06, 0.03, 0.01)))
	d := circle((x-0.5)*1.33, y-0.36, 0.09)
	c = blend(c, rgb(12, 12, 15), cover(d))
	return blend(c, scale(accent, 0.9), cover(math.Abs(d+0.01)-0.004))
}

func drawCompactMixer(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	// a small desk from above: four channel strips of knobs and a master
	c = blend(c, rgb(40, 42, 52), cover(box(x-0.5, y-0.5, 0.24, 0.28, 0.02)))
	for i := 0; i < 4; i++ {
		fx := 0.32 + float64(i)*0.09
		for k := 0; k < 4; k++ {
			c = blend(c, hue(accent, float64(k)/4), cover(circle((x-fx)*1.33, y-0.3-float64(k)*0.07, 0.016)))
		}
		c = line(c, dark, x, y, fx, 0.6, fx, 0.72, 0.004)
		c = blend(c, rgb(225, 226, 232), cover(box(x-fx, y-0.64-0.05*math.Abs(math.Sin(float64(i)+shift*7)), 0.016, 0.008, 0.002)))
	}
	return blend(c, rgb(255, 80, 60), cover(circle((x-0.68)*1.33, y-0.26, 0.01)))
}

func drawPAKit(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	// the kit laid out: two speakers either side of a small mixer
	for _, cx := range []float64{0.2, 0.8} {
		c = blend(c, body, cover(box(x-cx, y-0.5, 0.1, 0.2, 0.015)))
		for _, w := range []struct{ y, r float64 }{{0.4, 0.035}, {0.56, 0.07}} {
			d := circle((x-cx)*1.33, y-w.y, w.r)
			c = blend(c, rgb(12, 12, 15), cover(d))
			c = blend(c, scale(accent, 0.85), cover(math.Abs(d+0.008)-0.004))
		}
	}
	c = blend(c, rgb(44, 46, 56), cover(box(x-0.5, y-0.62, 0.12, 0.07, 0.01)))
	for i := 0; i < 4; i++ {
		c = blend(c, lighten(accent, 0.4), cover(circle((x-0.43-float64(i)*0.045)*1.33, y-0.6, 0.009)))
	}
	return c
}
