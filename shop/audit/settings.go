package audit

import (
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// settingsEntry is the settings.changed entry a transaction has written
// for its settings records, kept so that the next record's changes join
// it: Settings > Payments & tax saves the payment and the shop settings
// records, and the owner made one change.
type settingsEntry struct {
	rec           *core.Record
	before, after map[string]any
	collections   []string
}

// settingsChanged records an update of a settings record
// (settingsCollections): the transaction's first is a settings.changed
// entry, later ones add their changed fields to it (a field two records
// share named collection.field).
func settingsChanged(txApp core.App, old, rec *core.Record) error {
	before, after := changes(old, rec, ownFields(rec))
	if before == nil {
		return nil
	}
	st := stateOf(txApp, true)
	if st == nil { // not in a transaction: cannot happen inside a hook
		return write(txApp, SettingsChanged, rec, "", before, after)
	}
	st.mu.Lock()
	pending := st.settings
	st.mu.Unlock()
	col := rec.Collection().Name
	if pending == nil {
		t := Target{Collection: col, ID: rec.Id, Label: col}
		stored, err := record(txApp, Current(txApp), Entry{Action: SettingsChanged, Target: t, Before: before, After: after})
		if err != nil || stored == nil { // nil: no audit log yet (record)
			return err
		}
		st.mu.Lock()
		st.settings = &settingsEntry{rec: stored, before: before, after: after, collections: []string{col}}
		st.mu.Unlock()
		return nil
	}
	pending.join(col, before, after)
	return txApp.SaveNoValidate(pending.rec)
}

// join adds collection col's changed fields to the entry.
func (s *settingsEntry) join(col string, before, after map[string]any) {
	for f := range before {
		key := f
		if _, taken := s.before[f]; taken {
			key = col + "." + f
		}
		s.before[key], s.after[key] = before[f], after[f]
	}
	if !strings.Contains(","+strings.Join(s.collections, ",")+",", ","+col+",") {
		s.collections = append(s.collections, col)
	}
	s.rec.Set("targetLabel", clip(strings.Join(s.collections, ", "), maxLabel))
	s.rec.Set("before", small(s.before))
	s.rec.Set("after", small(s.after))
}
