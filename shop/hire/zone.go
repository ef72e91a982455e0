package hire

import (
	"database/sql"
	"errors"
	"strings"
	"time"
	_ "time/tzdata" // the zone names work on hosts and containers without tzdata

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// DefaultTimeZone is the shop's time zone when shop_settings names none.
const DefaultTimeZone = "America/Chicago"

// now is the clock; tests set it (export_test.go).
var now = time.Now

// TimeZone is the shop's time zone (shop_settings.timeZone), the default
// when the setting is empty or names no zone this build knows.
func TimeZone(app core.App) (*time.Location, error) {
	var name string
	err := app.DB().NewQuery("SELECT timeZone FROM shop_settings ORDER BY created LIMIT 1").Row(&name)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	if loc, err := LoadZone(name); err == nil {
		return loc, nil
	}
	return time.LoadLocation(DefaultTimeZone)
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
	return time.LoadLocation(name)
}

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
