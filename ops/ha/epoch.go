// Package ha fences a StageShop primary that a standby replaced
// (README, "Past one machine"). The primary's database is replicated by
// Litestream to <fence>/<epoch>/data.db; the object <fence>/epoch, beside
// the replicas, names the epoch of the one primary, and every data dir
// remembers the epoch it was primary for (ha-epoch.json). `stageshop
// promote` raises the epoch in the bucket before the standby serves, so:
//
//   - a superseded primary cannot start again (Claim refuses, so neither its
//     `stageshop serve` nor the `stageshop ha epoch` that names its
//     Litestream replica's path runs);
//   - one still running turns its database read-only within a check
//     interval of the promote (Fence), or within the lease when it cannot
//     read the marker at all (it may be the one cut off);
//   - its Litestream, if it still runs, writes to the old epoch's path,
//     which nobody restores from any more.
//
// The promote waits out that lease before the standby takes writes, so no
// write the old primary acknowledged after the promote can exist.
package ha

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/tools/filesystem"
)

// Marker is the content of the epoch object: who is primary since when.
type Marker struct {
	Epoch int       `json:"epoch"`
	Node  string    `json:"node"`
	At    time.Time `json:"at"`
}

// localFile is the data dir's note of the epoch it was primary for.
const localFile = "ha-epoch.json"

// ErrSuperseded is returned by Claim when another node holds a later epoch.
var ErrSuperseded = errors.New("superseded")

// Store is where the epoch object lives: an S3 bucket (the replica's) or a
// directory (a shared file system; the Go tests).
type Store struct {
	fs     *filesystem.System
	prefix string // the replica's prefix in the bucket ("" at the top)
	s3     *casS3 // the conditional writes on S3 (cas.go)
	dir    string // or the directory's
}

// Open opens the store named by raw: s3://bucket/prefix?endpoint=...&
// region=...&force-path-style=true, Litestream's replica URL form, with the
// keys from LITESTREAM_ACCESS_KEY_ID and LITESTREAM_SECRET_ACCESS_KEY (or
// AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY); or file:///a/directory.
func Open(raw string) (*Store, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("STAGESHOP_HA_FENCE %q: %w", raw, err)
	}
	prefix := strings.Trim(u.Path, "/")
	var fsys *filesystem.System
	var cas *casS3
	dir := ""
	switch u.Scheme {
	case "s3":
		q := u.Query()
		region := q.Get("region")
		if region == "" {
			region = "us-east-1"
		}
		force := q.Get("force-path-style") == "true" || q.Get("forcePathStyle") == "true"
		fsys, err = filesystem.NewS3(u.Host, region, q.Get("endpoint"),
			env("LITESTREAM_ACCESS_KEY_ID", "AWS_ACCESS_KEY_ID"), env("LITESTREAM_SECRET_ACCESS_KEY", "AWS_SECRET_ACCESS_KEY"), force)
		if err == nil {
			cas, err = newCasS3(u)
		}
	case "file":
		dir = filepath.FromSlash(u.Path)
		if err = os.MkdirAll(dir, 0o755); err == nil {
			fsys, err = filesystem.NewLocal(dir)
		}
		prefix = ""
	default:
		return nil, fmt.Errorf("STAGESHOP_HA_FENCE %q: want s3://bucket/prefix?endpoint=... or file:///dir", raw)
	}
	if err != nil {
		return nil, err
	}
	return &Store{fs: fsys, prefix: prefix, s3: cas, dir: dir}, nil
}

// env is the first of the variables that is set.
func env(names ...string) string {
	for _, n := range names {
		if v := os.Getenv(n); v != "" {
			return v
		}
	}
	return ""
}

// Close closes the store's client.
func (s *Store) Close() error { return s.fs.Close() }

func (s *Store) key() string {
	if s.prefix == "" {
		return "epoch"
	}
	return s.prefix + "/epoch"
}

// Read returns the marker; found is false when none was written yet.
func (s *Store) Read() (m Marker, found bool, err error) {
	r, err := s.fs.GetReader(s.key())
	if errors.Is(err, filesystem.ErrNotFound) {
		return Marker{}, false, nil
	}
	if err != nil {
		return Marker{}, false, err
	}
	defer r.Close()
	b, err := io.ReadAll(io.LimitReader(r, 4096))
	if err != nil {
		return Marker{}, false, err
	}
	if err := json.Unmarshal(b, &m); err != nil || m.Epoch < 1 {
		return Marker{}, false, fmt.Errorf("the epoch object %s is damaged: %q", s.key(), b)
	}
	return m, true, nil
}

// LocalEpoch is the epoch the data dir was primary for (0: never).
func LocalEpoch(dir string) (int, error) {
	b, err := os.ReadFile(filepath.Join(dir, localFile))
	if errors.Is(err, os.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	var m Marker
	if err := json.Unmarshal(b, &m); err != nil {
		return 0, fmt.Errorf("%s is damaged: %w", filepath.Join(dir, localFile), err)
	}
	return m.Epoch, nil
}

// writeLocal notes m in the data dir, atomically.
func writeLocal(dir string, m Marker) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	b, _ := json.Marshal(m)
	tmp := filepath.Join(dir, localFile+".tmp")
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, localFile))
}

// Claim is a primary's check at start: the epoch the data dir dir may serve
// writes for. The first primary of a fence claims epoch 1. A data dir whose
// epoch is behind the bucket's (an old primary, or a standby that was not
// promoted) gets ErrSuperseded.
//
// The bucket's marker is written only if it is still what Claim read
// (writeIf): a claim that races a promote gets ErrRaced.
func Claim(s *Store, dir, node string) (int, error) {
	m, found, version, err := s.readVersioned()
	if err != nil {
		return 0, fmt.Errorf("reading the epoch: %w", err)
	}
	local, err := LocalEpoch(dir)
	if err != nil {
		return 0, err
	}
	switch {
	case !found && local == 0:
		m = Marker{Epoch: 1, Node: node, At: time.Now().UTC()}
		if err := s.writeIf(m, version); err != nil {
			return 0, err
		}
		return 1, writeLocal(dir, m)
	case !found:
		// The bucket lost its marker (a new bucket): nothing superseded us.
		return local, s.writeIf(Marker{Epoch: local, Node: node, At: time.Now().UTC()}, version)
	case m.Epoch == local:
		return local, nil
	case local == 0:
		return 0, fmt.Errorf("%w: this data dir was never a primary and epoch %d is held by %s: follow its replica, or run `stageshop promote`", ErrSuperseded, m.Epoch, m.Node)
	case m.Epoch > local:
		return 0, fmt.Errorf("%w: this data dir was the primary of epoch %d; epoch %d is held by %s since %s: restore this machine as a standby", ErrSuperseded, local, m.Epoch, m.Node, m.At.Format(time.RFC3339))
	default:
		return 0, fmt.Errorf("this data dir claims epoch %d, ahead of the bucket's %d: the fence is not the one it was promoted on", local, m.Epoch)
	}
}

// Promote raises the bucket's epoch and notes it in dir, which becomes the
// one primary: from now on the previous primary can neither start nor,
// after its lease, write. It returns the new marker. Of two promotes at
// once exactly one wins: the epoch is written only if it is still the one
// read (compare-and-swap, cas.go); the other gets ErrRaced and dir is left
// as it was.
func Promote(s *Store, dir, node string) (Marker, error) {
	m, found, version, err := s.readVersioned()
	if err != nil {
		return Marker{}, fmt.Errorf("reading the epoch: %w", err)
	}
	if !found {
		return Marker{}, errors.New("no epoch in the bucket: there is no primary to take over from (start one with `stageshop serve`)")
	}
	next := Marker{Epoch: m.Epoch + 1, Node: node, At: time.Now().UTC()}
	// The bucket first: should the note in dir fail, dir cannot serve, and
	// the old primary is fenced all the same.
	if err := s.writeIf(next, version); err != nil {
		if errors.Is(err, ErrRaced) {
			if now, ok, _ := s.Read(); ok {
				return Marker{}, fmt.Errorf("%w: epoch %d is held by %s: this node stays a standby", ErrRaced, now.Epoch, now.Node)
			}
		}
		return Marker{}, err
	}
	return next, writeLocal(dir, next)
}
