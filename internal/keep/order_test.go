package keep_test

import (
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"stageshop/internal/db"
	"stageshop/internal/keep"
	"stageshop/internal/migrated"
)

// A kept value is dropped before the rest of the work after a commit,
// whatever the order the handlers were bound in: a handler bound first, at
// the workers' priority (db.AfterCommitNotify), already reads the new
// value; and a change that rolls back drops nothing.
func TestDroppedBeforeTheWorkAfterTheCommit(t *testing.T) {
	app := migrated.NewApp(t)
	things := core.NewBaseCollection("kept_things")
	things.Fields.Add(&core.TextField{Name: "v"})
	if err := app.Save(things); err != nil {
		t.Fatal(err)
	}
	rec := core.NewRecord(things)
	rec.Set("v", "old")
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	loads := 0
	k := keep.New(time.Hour, func(app core.App) (string, error) {
		loads++
		var v string
		err := app.DB().Select("v").From("kept_things").Row(&v)
		return v, err
	})
	var seen []string
	app.OnRecordAfterUpdateSuccess("kept_things").Bind(&hook.Handler[*core.RecordEvent]{
		Priority: db.AfterCommitNotify,
		Func: func(e *core.RecordEvent) error {
			v, _ := k.Get(e.App)
			seen = append(seen, v)
			return e.Next()
		},
	})
	k.DropOnChange(app, "kept_things")
	if v, _ := k.Get(app); v != "old" {
		t.Fatalf("first read %q", v)
	}

	rolledBack := db.Write(app, func(txApp core.App) error {
		rec.Set("v", "never")
		if err := txApp.Save(rec); err != nil {
			return err
		}
		return errTest
	})
	if rolledBack != errTest || len(seen) != 0 || loads != 1 {
		t.Fatalf("rolled back: %v, the work after ran %d times, %d loads", rolledBack, len(seen), loads)
	}

	if err := db.Write(app, func(txApp core.App) error {
		rec.Set("v", "new")
		return txApp.Save(rec)
	}); err != nil {
		t.Fatal(err)
	}
	if len(seen) != 1 || seen[0] != "new" {
		t.Fatalf("the work after the commit read %q, want the new value", seen)
	}
}

type testError string

func (e testError) Error() string { return string(e) }

const errTest = testError("rolled back on purpose")
