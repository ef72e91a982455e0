package routes

import (
	"reflect"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
)

// RouteInfo is one registered route: its mux pattern ("METHOD /path") and
// the ids of the middlewares on its chain.
type RouteInfo struct {
	Pattern     string
	Middlewares []string
}

// WalkRoutes lists every route of r as BuildMux registers it. PocketBase
// keeps a group's children private, so the walk reads them by reflection
// (read only).
func WalkRoutes(r *router.Router[*core.RequestEvent]) []RouteInfo {
	var out []RouteInfo
	walkGroup(reflect.ValueOf(r.RouterGroup).Elem(), "", nil, &out)
	return out
}

// walkGroup appends the routes under group g (prefix and middlewares of its
// parents given) to out.
func walkGroup(g reflect.Value, prefix string, mws []string, out *[]RouteInfo) {
	prefix += g.FieldByName("Prefix").String()
	mws = append(append([]string{}, mws...), middlewareIDs(g.FieldByName("Middlewares"))...)
	children := g.FieldByName("children")
	for i := 0; i < children.Len(); i++ {
		c := children.Index(i).Elem().Elem()
		if c.FieldByName("children").IsValid() {
			walkGroup(c, prefix, mws, out)
			continue
		}
		pattern := prefix + c.FieldByName("Path").String()
		if m := c.FieldByName("Method").String(); m != "" {
			pattern = m + " " + pattern
		}
		ids := append(append([]string{}, mws...), middlewareIDs(c.FieldByName("Middlewares"))...)
		*out = append(*out, RouteInfo{Pattern: pattern, Middlewares: ids})
	}
}

// middlewareIDs are the ids of a []*hook.Handler value.
func middlewareIDs(list reflect.Value) []string {
	ids := make([]string, 0, list.Len())
	for i := 0; i < list.Len(); i++ {
		ids = append(ids, list.Index(i).Elem().FieldByName("Id").String())
	}
	return ids
}
