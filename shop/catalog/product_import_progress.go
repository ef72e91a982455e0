package catalog

import (
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/appstate"
)

// ImportProgress is GET /api/admin/products/import/progress: the running
// (or last) import's phase, its rows checked or written so far and its
// errors so far, for the admin's screen while the import's own request is
// open. Phase is "idle" before any import, "checking", "writing" or
// "done".
type ImportProgress struct {
	Running   bool   `json:"running"`
	DryRun    bool   `json:"dryRun"`
	Phase     string `json:"phase"`
	Rows      int    `json:"rows"`
	RowsDone  int    `json:"rowsDone"`
	Errors    int    `json:"errors"`
	Created   int    `json:"created"`
	Updated   int    `json:"updated"`
	StartedAt string `json:"startedAt,omitempty"`
}

// Import phases.
const (
	ImportIdle     = "idle"
	ImportChecking = "checking"
	ImportWriting  = "writing"
	ImportDone     = "done"
)

// importProgress is one app's import state. run lets one import run at a
// time (a second waits for the first): the progress is of one import.
type importProgress struct {
	run sync.Mutex
	mu  sync.Mutex
	now ImportProgress
}

func progressOf(app core.App) *importProgress {
	return appstate.Of(app, func() *importProgress { return &importProgress{now: ImportProgress{Phase: ImportIdle}} })
}

// Progress is app's running or last import.
func Progress(app core.App) ImportProgress {
	p := progressOf(app)
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.now
}

// startProgress waits for any other import, then starts this one's.
func startProgress(app core.App, dryRun bool) *importProgress {
	p := progressOf(app)
	p.run.Lock()
	p.set(func(n *ImportProgress) {
		*n = ImportProgress{Running: true, DryRun: dryRun, Phase: ImportChecking, StartedAt: time.Now().UTC().Format(time.RFC3339)}
	})
	return p
}

func (p *importProgress) set(fn func(n *ImportProgress)) {
	p.mu.Lock()
	fn(&p.now)
	p.mu.Unlock()
}

// begin says how many rows the file has.
func (p *importProgress) begin(rows int) { p.set(func(n *ImportProgress) { n.Rows = rows }) }

// writing starts the write phase: its rows count again from 0.
func (p *importProgress) writing() {
	p.set(func(n *ImportProgress) { n.Phase, n.RowsDone = ImportWriting, 0 })
}

// advance counts a batch's rows and errors.
func (p *importProgress) advance(batch []*importGroup, errs int) {
	rows := 0
	for _, g := range batch {
		rows += len(g.rows)
	}
	p.set(func(n *ImportProgress) { n.RowsDone += rows; n.Errors += errs })
}

// done records the import's result.
func (p *importProgress) done(res ImportResult) {
	p.set(func(n *ImportProgress) {
		n.Phase, n.Errors, n.Created, n.Updated = ImportDone, len(res.Errors), res.Created, res.Updated
	})
}

// finish ends the import (whatever happened) and lets the next one run.
func (p *importProgress) finish() {
	p.set(func(n *ImportProgress) { n.Running = false; n.Phase = ImportDone })
	p.run.Unlock()
}
