package artwork

import (
	"image/color"
	"math"
	"reflect"
	"runtime"
)

// A kind is what a demo picture shows: each product of the demo catalog
// has its own, so a microphone, a mixer and an in-ear pack no longer all
// show a loudspeaker (issue 35). The categories' names are kinds too (the
// drawing a product of that category gets when it names no kind).
type drawing func(c, accent color.RGBA, x, y, shift float64) color.RGBA

var kinds = map[string]drawing{
	"Lighting": drawLight, "Sound": drawSpeaker, "Stage": drawStage, "Accessories": drawCable,
	"moving-head": drawLight, "speaker": drawSpeaker, "deck": drawStage, "xlr-cable": drawCable,
	"batten": drawBatten, "profile": drawProfile, "hazer": drawHazer, "par": drawPar,
	"blinder": drawBlinder, "mixer": drawMixer, "microphone": drawMicrophone, "wireless": drawWireless,
	"subwoofer": drawSubwoofer, "in-ear": drawInEar, "truss": drawTruss, "drape": drawDrape,
	"hoist": drawHoist, "steps": drawSteps, "screen": drawScreen, "dmx-cable": drawDMXCable,
	"tape": drawTape, "flight-case": drawCase, "safety-cable": drawSafety, "mic-stand": drawStand,
	"clamps": drawClamps,
}

// Kinds are the kinds Product draws.
func Kinds() []string {
	out := make([]string, 0, len(kinds))
	for k := range kinds {
		out = append(out, k)
	}
	return out
}

// segment is the distance to the line segment from (ax, ay) to (bx, by).
func segment(x, y, ax, ay, bx, by float64) float64 {
	px, py, vx, vy := x-ax, y-ay, bx-ax, by-ay
	t := math.Max(0, math.Min(1, (px*vx+py*vy)/(vx*vx+vy*vy)))
	return math.Hypot(px-vx*t, py-vy*t)
}

// line draws a segment of half-width w.
func line(c, col color.RGBA, x, y, ax, ay, bx, by, w float64) color.RGBA {
	return blend(c, col, cover(segment(x, y, ax, ay, bx, by)-w))
}

var (
	metal = rgb(150, 154, 166)
	dark  = rgb(34, 35, 44)
	body  = rgb(52, 54, 64)
)

func drawBatten(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	c = blend(c, body, cover(box(x-0.5, y-0.5, 0.42, 0.05, 0.01)))
	for i := 0; i < 12; i++ {
		cx := 0.115 + float64(i)*0.07
		led := hue(accent, float64(i)/12+shift)
		c = blend(c, led, cover(circle(x-cx, (y-0.5)*1.33, 0.022)))
		c = blend(c, scale(led, 0.6), 0.35*soft(math.Abs(x-cx)-0.02-(y-0.55)*0.12, 0.03)*step(y-0.55))
	}
	return c
}

func drawProfile(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	// a long barrel pointing right, on a yoke, with its hard-edged spot on the floor
	c = blend(c, scale(accent, 0.8), 0.5*soft(circle((x-0.78)*0.6, (y-0.82)*2.6, 0.06), 0.02))
	c = line(c, body, x, y, 0.25, 0.42, 0.62, 0.36, 0.045)
	c = blend(c, dark, cover(box(x-0.26, y-0.42, 0.07, 0.085, 0.02)))
	c = blend(c, lighten(accent, 0.6), cover(circle((x-0.645)*1.33, y-0.355, 0.035)))
	for i := 0; i < 4; i++ { // framing shutter handles
		c = line(c, metal, x, y, 0.4+float64(i)*0.04, 0.38, 0.4+float64(i)*0.04, 0.31, 0.004)
	}
	return line(c, metal, x, y, 0.3, 0.5, 0.3, 0.78, 0.01)
}

func drawHazer(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	haze := 0.55 * soft(circle((x-0.62)*0.9, (y-0.45)*1.4, 0.18+0.2*x), 0.25) * math.Max(0, math.Min(1, (x-0.46)*10))
	c = blend(c, lighten(scale(accent, 0.5), 0.5), haze)
	c = blend(c, body, cover(box(x-0.32, y-0.66, 0.16, 0.1, 0.02)))
	c = blend(c, dark, cover(box(x-0.5, y-0.64, 0.03, 0.025, 0.006)))
	c = blend(c, lighten(accent, 0.4), cover(circle((x-0.26)*1.33, y-0.64, 0.012)))
	return line(c, metal, x, y, 0.2, 0.54, 0.44, 0.54, 0.006)
}

func drawPar(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	cx, cy := 0.5, 0.48
	c = blend(c, body, cover(circle((x-cx)*1.33, y-cy, 0.2)))
	c = blend(c, dark, cover(circle((x-cx)*1.33, y-cy, 0.17)))
	for ring := 0; ring < 3; ring++ {
		n := []int{1, 6, 11}[ring]
		for i := 0; i < n; i++ {
			a := float64(i)/float64(n)*2*math.Pi + shift
			r := float64(ring) * 0.055
			dx, dy := math.Cos(a)*r, math.Sin(a)*r
			c = blend(c, hue(accent, float64(i)/float64(n)), cover(circle((x-cx)*1.33-dx, y-cy-dy, 0.02)))
		}
	}
	return line(c, metal, x, y, 0.32, 0.72, 0.68, 0.72, 0.01)
}

func drawBlinder(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	c = blend(c, body, cover(box(x-0.5, y-0.5, 0.24, 0.3, 0.02)))
	for i := 0; i < 4; i++ {
		cx, cy := 0.41+float64(i%2)*0.18, 0.37+float64(i/2)*0.26
		c = blend(c, rgb(255, 214, 150), cover(circle((x-cx)*1.33, y-cy, 0.09)))
		c = blend(c, rgb(255, 246, 225), cover(circle((x-cx)*1.33, y-cy, 0.03)))
	}
	return blend(c, scale(accent, 0.9), 0.4*cover(math.Abs(box(x-0.5, y-0.5, 0.245, 0.305, 0.02))-0.006))
}

func drawMixer(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	// a desk in perspective: rows of knobs, a row of faders and a screen
	top := 0.3 + (x-0.5)*0.02
	c = blend(c, body, cover(box(x-0.5, y-0.55, 0.42, 0.25, 0.02)))
	c = blend(c, lighten(accent, 0.3), cover(box(x-0.5, y-top-0.04, 0.12, 0.035, 0.005)))
	for i := 0; i < 16; i++ {
		fx := 0.14 + float64(i)*0.048
		for k := 0; k < 3; k++ {
			c = blend(c, metal, cover(circle((x-fx)*1.33, y-0.42-float64(k)*0.06, 0.009)))
		}
		c = line(c, dark, x, y, fx, 0.6, fx, 0.74, 0.004)
		pos := 0.62 + 0.1*math.Abs(math.Sin(float64(i)*1.7+shift*9))
		c = blend(c, rgb(220, 222, 230), cover(box(x-fx, y-pos, 0.012, 0.008, 0.002)))
	}
	return c
}

func drawMicrophone(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	// a handheld mic tilted, its mesh ball and the handle
	c = line(c, rgb(25, 26, 32), x, y, 0.5, 0.42, 0.64, 0.82, 0.04)
	c = blend(c, scale(accent, 0.7), cover(segment(x, y, 0.51, 0.45, 0.53, 0.5)-0.043))
	ball := circle((x-0.47)*1.33, y-0.33, 0.1)
	c = blend(c, rgb(175, 178, 188), cover(ball))
	grid := math.Abs(math.Sin(x*220)) * math.Abs(math.Sin(y*160))
	return blend(c, rgb(110, 112, 122), cover(ball)*0.5*grid)
}

func drawWireless(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	// a half-rack receiver with two antennas and two handheld mics
	c = blend(c, body, cover(box(x-0.5, y-0.68, 0.22, 0.06, 0.01)))
	c = blend(c, lighten(accent, 0.4), cover(box(x-0.42, y-0.68, 0.06, 0.02, 0.004)))
	c = line(c, metal, x, y, 0.32, 0.62, 0.28, 0.44, 0.005)
	c = line(c, metal, x, y, 0.68, 0.62, 0.72, 0.44, 0.005)
	for _, mx := range []float64{0.4, 0.6} {
		c = line(c, rgb(25, 26, 32), x, y, mx, 0.3, mx, 0.52, 0.02)
		c = blend(c, metal, cover(circle((x-mx)*1.33, y-0.27, 0.05)))
	}
	return c
}

func drawSubwoofer(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	c = blend(c, rgb(48, 49, 58), cover(box(x-0.5, y-0.56, 0.27, 0.24, 0.015)))
	d := circle((x-0.5)*1.33, y-0.56, 0.19)
	c = blend(c, rgb(15, 15, 18), cover(d))
	c = blend(c, scale(accent, 0.8), cover(math.Abs(d+0.012)-0.005))
	c = blend(c, rgb(55, 56, 66), cover(circle((x-0.5)*1.33, y-0.56, 0.06)))
	return blend(c, dark, cover(box(x-0.5, y-0.37, 0.06, 0.012, 0.006)))
}

func drawInEar(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	// a bodypack receiver and two earpieces on a cable
	c = blend(c, body, cover(box(x-0.34, y-0.55, 0.08, 0.15, 0.02)))
	c = blend(c, lighten(accent, 0.4), cover(box(x-0.34, y-0.48, 0.05, 0.03, 0.005)))
	c = line(c, metal, x, y, 0.34, 0.4, 0.34, 0.3, 0.004)
	for _, e := range [][2]float64{{0.62, 0.42}, {0.72, 0.58}} {
		c = line(c, rgb(80, 82, 92), x, y, 0.42, 0.62, e[0], e[1], 0.003)
		c = blend(c, scale(accent, 0.9), cover(circle((x-e[0])*1.33, y-e[1], 0.04)))
		c = blend(c, rgb(20, 20, 24), cover(circle((x-e[0])*1.33-0.03, y-e[1], 0.015)))
	}
	return c
}

func drawTruss(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	for _, ty := range []float64{0.4, 0.6} {
		c = line(c, metal, x, y, 0.05, ty, 0.95, ty, 0.01)
	}
	for i := 0; i < 9; i++ {
		x0 := 0.05 + float64(i)*0.1
		c = line(c, metal, x, y, x0, 0.4, x0+0.1, 0.6, 0.004)
		c = line(c, scale(metal, 0.8), x, y, x0, 0.4, x0, 0.6, 0.003)
	}
	return blend(c, scale(accent, 0.8), 0.3*soft(math.Abs(y-0.5)-0.12, 0.06))
}

func drawDrape(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	if y > 0.12 && y < 0.82 {
		fold := 0.5 + 0.5*math.Sin(x*90+math.Sin(y*6)*0.8)
		c = blend(c, scale(rgb(120, 16, 36), 0.45+0.55*fold), 0.95)
	}
	return blend(c, metal, cover(box(x-0.5, y-0.11, 0.48, 0.012, 0.004)))
}

func drawHoist(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	// the chain from the beam, the motor body and the hook
	for i := 0; i < 9; i++ {
		ly := 0.06 + float64(i)*0.03
		c = blend(c, metal, cover(math.Abs(box(x-0.5, y-ly, 0.008, 0.014, 0.007))-0.003))
	}
	c = blend(c, scale(accent, 0.7), cover(box(x-0.5, y-0.45, 0.11, 0.1, 0.03)))
	c = blend(c, dark, cover(box(x-0.5, y-0.45, 0.035, 0.1, 0.01)))
	c = line(c, metal, x, y, 0.5, 0.55, 0.5, 0.66, 0.006)
	hook := math.Abs(circle((x-0.5)*1.33, y-0.7, 0.035)) - 0.007
	return blend(c, metal, cover(hook)*step(y-0.69+0.02*(x-0.5)))
}

func drawSteps(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	for i := 0; i < 4; i++ {
		top := 0.74 - float64(i+1)*0.1
		c = blend(c, lighten(body, 0.1*float64(i)), cover(box(x-(0.3+float64(i)*0.1+0.2)/1, y-(top+0.74)/2, 0.2-float64(i)*0.05, (0.74-top)/2, 0.004)))
		c = blend(c, scale(accent, 0.7), cover(box(x-(0.5+float64(i)*0.05), y-top, 0.2-float64(i)*0.05, 0.006, 0.002)))
	}
	return c
}

func drawScreen(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	c = blend(c, metal, cover(math.Abs(box(x-0.5, y-0.42, 0.36, 0.24, 0.004))-0.008))
	c = blend(c, mix(rgb(230, 232, 240), scale(accent, 1), 0.25*x), cover(box(x-0.5, y-0.42, 0.35, 0.23, 0.002)))
	c = line(c, metal, x, y, 0.18, 0.66, 0.14, 0.8, 0.006)
	return line(c, metal, x, y, 0.82, 0.66, 0.86, 0.8, 0.006)
}

func drawDMXCable(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	cx, cy := 0.45, 0.5
	for i := 0; i < 3; i++ {
		d := math.Abs(circle((x-cx)*1.33, y-cy, 0.12+float64(i)*0.05)) - 0.012
		c = blend(c, hue(accent, 0.1*float64(i)+0.5), cover(d))
	}
	c = blend(c, rgb(40, 40, 46), cover(box(x-0.78, y-0.5, 0.07, 0.03, 0.01)))
	for i := 0; i < 3; i++ {
		c = blend(c, rgb(210, 180, 90), cover(circle((x-0.86)*1.33, y-0.48-float64(i)*0.02, 0.005)))
	}
	return c
}

func drawTape(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	outer := circle((x-0.48)*1.33, y-0.5, 0.22)
	inner := circle((x-0.48)*1.33, y-0.5, 0.1)
	c = blend(c, rgb(22, 22, 26), cover(outer)*(1-cover(inner)))
	c = blend(c, rgb(205, 180, 130), cover(math.Abs(inner)-0.015))
	return blend(c, rgb(22, 22, 26), cover(box(x-0.72, y-0.68, 0.1, 0.015, 0.004)))
}

func drawCase(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	c = blend(c, rgb(28, 28, 32), cover(box(x-0.5, y-0.5, 0.3, 0.25, 0.01)))
	c = line(c, metal, x, y, 0.2, 0.5, 0.8, 0.5, 0.005)
	for _, p := range [][2]float64{{0.22, 0.27}, {0.78, 0.27}, {0.22, 0.73}, {0.78, 0.73}} {
		c = blend(c, metal, cover(box(x-p[0], y-p[1], 0.035, 0.045, 0.006)))
	}
	c = blend(c, scale(accent, 0.8), cover(math.Abs(box(x-0.5, y-0.39, 0.06, 0.02, 0.01))-0.005))
	return blend(c, scale(accent, 0.8), cover(math.Abs(box(x-0.5, y-0.61, 0.06, 0.02, 0.01))-0.005))
}

func drawSafety(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	loop := math.Abs(box(x-0.45, y-0.5, 0.2, 0.08, 0.08)) - 0.006
	c = blend(c, metal, cover(loop))
	carabiner := math.Abs(box(x-0.72, y-0.5, 0.05, 0.09, 0.05)) - 0.01
	c = blend(c, scale(accent, 0.9), cover(carabiner))
	return blend(c, metal, cover(box(x-0.63, y-0.5, 0.02, 0.02, 0.005)))
}

func drawStand(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	for _, fx := range []float64{0.34, 0.5, 0.66} {
		c = line(c, metal, x, y, 0.5, 0.66, fx, 0.8, 0.005)
	}
	c = line(c, metal, x, y, 0.5, 0.3, 0.5, 0.66, 0.008)
	c = line(c, metal, x, y, 0.3, 0.36, 0.78, 0.2, 0.006)
	c = blend(c, scale(accent, 0.8), cover(circle((x-0.5)*1.33, y-0.3, 0.015)))
	return line(c, rgb(25, 26, 32), x, y, 0.76, 0.2, 0.84, 0.17, 0.02)
}

func drawClamps(c, accent color.RGBA, x, y, shift float64) color.RGBA {
	for i := 0; i < 5; i++ {
		for j := 0; j < 2; j++ {
			cx, cy := 0.22+float64(i)*0.14, 0.38+float64(j)*0.24
			c = blend(c, scale(accent, 0.75), cover(math.Abs(circle((x-cx)*1.33, y-cy, 0.05))-0.01))
			c = line(c, metal, x, y, cx, cy+0.05, cx, cy+0.1, 0.006)
		}
	}
	return c
}

// hue rotates an accent colour by t (0..1) around the colour wheel, for
// the multicolour fixtures.
func hue(accent color.RGBA, t float64) color.RGBA {
	a := 2 * math.Pi * t
	k := func(off float64) uint8 { return uint8(127 + 120*math.Cos(a+off)) }
	return blend(rgb(k(0), k(2.09), k(4.19)), accent, 0.3)
}

// step is 1 for v > 0, else 0.
func step(v float64) float64 {
	if v > 0 {
		return 1
	}
	return 0
}

// funcName names a drawing (kinds shares some between a category and a
// product kind).
func funcName(d drawing) string { return runtime.FuncForPC(reflect.ValueOf(d).Pointer()).Name() }
