package replica

import (
	"net/http"
	"path/filepath"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"stageshop/internal/sqlitecache"
)

// Register makes a replica (Detect on data.db's directory, which is
// STAGESHOP_DB_DIR's LiteFS mount when set) forward what Forwarded picks
// to the primary. The wrap goes around the whole mux once serve has built
// it, so even requests no route matches are forwarded. On the primary it
// does nothing.
func Register(app core.App) {
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Id:       "stageshopReplicaForward",
		Priority: -1000, // first: its Next builds the mux the wrap goes around
		Func: func(e *core.ServeEvent) error {
			dbDir := filepath.Dir(sqlitecache.Resolve(filepath.Join(e.App.DataDir(), "data.db")))
			role, err := Detect(dbDir)
			if err != nil {
				return err
			}
			if err := e.Next(); err != nil || !role.Replica {
				return err
			}
			f, err := NewForwarder(role.Primary)
			if err != nil {
				return err
			}
			var local http.Handler = e.Server.Handler
			e.Server.Handler = f.Wrap(local)
			e.App.Logger().Info("read replica: writes, logins and realtime go to the primary", "primary", role.Primary)
			return nil
		},
	})
}
