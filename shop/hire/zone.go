package hire

import (
	"database/sql"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	_ "time/tzdata" // the zone names work on hosts and containers without tzdata

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/appstate"
	"stageshop/internal/keep"
)

// DefaultTimeZone is the shop's time zone when shop_settings names none.
const DefaultTimeZone = "America/Chicago"

// now is the clock; tests set it (export_test.go).
var now = time.Now

// TimeZone is the shop's time zone (shop_settings.timeZone), the default
// when the setting is empty or names no zone this build knows.
func TimeZone(app core.App) (*time.Location, error) {
	read := readZoneName
	if k := stateOf(app).zone.Load(); k != nil {
		read = k.Get
	}
	name, err := read(app)
	if err != nil {
		return nil, err
	}
	if loc, err := LoadZone(name); err == nil {
		return loc, nil
	}
	return time.LoadLocation(DefaultTimeZone)
}

// readZoneName reads shop_settings.timeZone ("" when there is none).
func readZoneName(app core.App) (string, error) {
	var name string
	err := app.DB().NewQuery("SELECT timeZone FROM shop_settings ORDER BY created LIMIT 1").Row(&name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return name, err
}

// state is what hire keeps in memory for one app.
type state struct {
	zone atomic.Pointer[keep.Value[string]]
}

// stateOf is app's hire state (a transaction's app shares it).
func stateOf(app core.App) *state {
	return appstate.Of(app, func() *state { return &state{} })
}

// keepZone keeps the shop's zone name until its settings record changes
// (or a minute passes: another process may edit it): every hire line of
// a cart and an order asks for the shop's date.
func keepZone(app core.App) {
	k := keep.New(time.Minute, readZoneName)
	k.DropOnChange(app, "shop_settings")
	stateOf(app).zone.Store(k)
}

// LoadZone loads an IANA zone name ("" is the default); "Local" and other
// names of the host's zone are refused, as a shop's calendar must not
// depend on the machine it runs on.
func LoadZone(name string) (*time.Location, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		name = DefaultTimeZone
	}
	if name == "Local" {
		return nil, errors.New("not a zone name")
	}
	if loc, ok := zones.Load(name); ok {
		return loc.(*time.Location), nil
	}
	loc, err := time.LoadLocation(name)
	if err == nil {
		zones.Store(name, loc)
	}
	return loc, err
}

// zones are the zones loaded, by name: time.LoadLocation reads and parses
// the zone's data every time (from the embedded tzdata, unzipping it), and
// every hire line asks for the shop's date.
var zones sync.Map

// Today is the shop's date now.
func Today(app core.App) (Date, error) {
	loc, err := TimeZone(app)
	if err != nil {
		return Date{}, err
	}
	return DateOf(now(), loc), nil
}

// TodayIn is the date now in the zone named (the default's for "" or a
// name this build does not know), for answers that already hold the
// shop's zone name.
func TodayIn(name string) Date {
	loc, err := LoadZone(name)
	if err != nil {
		loc, _ = time.LoadLocation(DefaultTimeZone)
	}
	return DateOf(now(), loc)
}

// params is dbx.Params, short.
type params = dbx.Params
