package hire

import (
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// Register binds hire's record hooks: a shop settings record must name a
// time zone this build knows (or none, for the default), so the shop's
// calendar never silently falls back to another zone; and it keeps the
// zone's name in memory between requests.
func Register(app core.App) {
	keepZone(app)
	app.OnRecordValidate("shop_settings").BindFunc(func(e *core.RecordEvent) error {
		if _, err := LoadZone(e.Record.GetString("timeZone")); err != nil {
			return validation.Errors{"timeZone": validation.NewError("validation_time_zone",
				"Must be a time zone name such as America/Chicago")}
		}
		return e.Next()
	})
}
