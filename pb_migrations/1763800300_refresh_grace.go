package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// A rotated refresh token keeps its successor, encrypted under the spent
// token itself (which is stored only as a hash), so that a repeat within
// the grace window (two tabs refreshing at once) gets the same successor.
func init() {
	m.Register(fieldsMigration("refresh_tokens", &core.TextField{Name: "successorSealed", Hidden: true, Max: 512}))
}
