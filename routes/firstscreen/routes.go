package firstscreen

import (
	_ "embed"
	"encoding/json"
	"strings"
)

// The app's route table (app/src/routes.tsx), as `npm run build` writes it:
// every path the app has and what kind of page it is.
//
//go:embed routes.gen.json
var routesJSON []byte

// Kinds of page.
const (
	KindHome     = "home"     // the catalog: home, a category, a search
	KindProduct  = "product"  // a product's page
	KindInfo     = "info"     // an information page
	KindPrivate  = "private"  // kept out of search engines
	KindNotFound = "notFound" // no such page
	KindMoved    = "moved"    // an old address, moved for good
)

// Route is one route of the app.
type Route struct {
	Path  string `json:"path"` // React Router's pattern: /products/:productId, /admin/*, *
	Kind  string `json:"kind"`
	Page  string `json:"page,omitempty"`  // an information page's name
	Title string `json:"title,omitempty"` // a private page's title: a translation key
	To    string `json:"to,omitempty"`    // where a moved route went
}

var routes = func() []Route {
	var rs []Route
	if err := json.Unmarshal(routesJSON, &rs); err != nil {
		panic("firstscreen: routes.gen.json: " + err.Error())
	}
	return rs
}()

// Routes is the app's route table.
func Routes() []Route { return routes }

// Match is the route the app shows for its path (without the language), as
// React Router ranks them: static segments over parameters over a splat,
// case-insensitive, a trailing slash ignored; params are the parameters.
func Match(path string) (route Route, params map[string]string) {
	segs := segments(path)
	best := -1 << 30
	for _, r := range routes {
		p, score, ok := matchRoute(r.Path, segs)
		if ok && score > best {
			route, params, best = r, p, score
		}
	}
	return route, params
}

func segments(path string) []string {
	var out []string
	for _, s := range strings.Split(path, "/") {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// matchRoute matches a pattern's segments against the path's, scoring as
// React Router does (static 10, parameter 3, a splat -2).
func matchRoute(pattern string, segs []string) (params map[string]string, score int, ok bool) {
	pat := segments(pattern)
	params = map[string]string{}
	for i, p := range pat {
		if p == "*" {
			return params, score - 2, i == len(pat)-1
		}
		if i >= len(segs) {
			return nil, 0, false
		}
		switch {
		case strings.HasPrefix(p, ":"):
			params[p[1:]] = segs[i]
			score += 3
		case strings.EqualFold(p, segs[i]):
			score += 10
		default:
			return nil, 0, false
		}
	}
	return params, score, len(pat) == len(segs)
}
