package commands

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/pocketbase/pocketbase"
	"github.com/spf13/cobra"

	"stageshop/ops/ha"
)

// noBootstrap marks a command that must not open the data dir's databases:
// on a standby, Litestream's follower is writing data.db.
const noBootstrap = "stageshop.noBootstrap"

// newHACommands are `promote` and `ha epoch|current` (README, "Past one
// machine"); all read STAGESHOP_HA_FENCE and the keys Litestream uses.
func newHACommands(app *pocketbase.PocketBase) []*cobra.Command {
	group := &cobra.Command{Use: "ha", Short: "The warm standby's fence: epochs of the primary"}
	group.AddCommand(&cobra.Command{
		Use:          "epoch",
		Short:        "Claim this data dir's epoch as the primary and print it (exit 1 when superseded)",
		Args:         cobra.NoArgs,
		SilenceUsage: true,
		Annotations:  map[string]string{noBootstrap: "true"},
		RunE: func(cmd *cobra.Command, _ []string) error {
			return withFence(func(cfg ha.Config, s *ha.Store) error {
				epoch, err := ha.Claim(s, app.DataDir(), cfg.Node)
				if err == nil {
					fmt.Fprintln(cmd.OutOrStdout(), epoch)
				}
				return err
			})
		},
	}, &cobra.Command{
		Use:          "current",
		Short:        "Print the bucket's epoch (the replica a standby follows is <fence>/<epoch>/data.db)",
		Args:         cobra.NoArgs,
		SilenceUsage: true,
		Annotations:  map[string]string{noBootstrap: "true"},
		RunE: func(cmd *cobra.Command, _ []string) error {
			return withFence(func(_ ha.Config, s *ha.Store) error {
				m, found, err := s.Read()
				if err == nil && !found {
					err = errors.New("no epoch yet: no primary has started on this fence")
				}
				if err == nil {
					fmt.Fprintln(cmd.OutOrStdout(), m.Epoch)
				}
				return err
			})
		},
	})
	return []*cobra.Command{group, newPromoteCommand(app)}
}

func newPromoteCommand(app *pocketbase.PocketBase) *cobra.Command {
	var wait, settle time.Duration
	cmd := &cobra.Command{
		Use:   "promote",
		Short: "Make this standby the primary: raise the epoch, wait out the old primary's lease and the follower's last changes",
		Long: "Run on the standby once the primary is gone, while `litestream restore -f` still follows its replica. " +
			"It raises the epoch in the bucket (the old primary can never serve writes again), waits --wait " +
			"(the old primary's lease and its Litestream's last sync), then until the follower applied nothing for --settle. " +
			"Then stop the follower and start `stageshop serve` with Litestream replicating to <fence>/<new epoch>/data.db.",
		Args:         cobra.NoArgs,
		SilenceUsage: true,
		Annotations:  map[string]string{noBootstrap: "true"},
		RunE: func(cmd *cobra.Command, _ []string) error {
			return withFence(func(cfg ha.Config, s *ha.Store) error {
				if wait < 0 {
					wait = cfg.Lease + cfg.Check + time.Second
				}
				return Promote(cmd.OutOrStdout(), s, app.DataDir(), cfg.Node, wait, settle)
			})
		},
	}
	cmd.Flags().DurationVar(&wait, "wait", -1, "time for the old primary to fence itself and its Litestream to ship its last writes (default STAGESHOP_HA_LEASE + STAGESHOP_HA_CHECK + 1s)")
	cmd.Flags().DurationVar(&settle, "settle", 2*time.Second, "how long the follower's data.db-txid must stay unchanged (0: do not wait)")
	return cmd
}

// withFence opens the fence of the environment for fn.
func withFence(fn func(ha.Config, *ha.Store) error) error {
	cfg, err := ha.ConfigFromEnv()
	if err != nil {
		return err
	}
	if cfg.URL == "" {
		return errors.New("STAGESHOP_HA_FENCE is not set (s3://bucket/prefix?endpoint=...: the replica's bucket)")
	}
	s, err := ha.Open(cfg.URL)
	if err != nil {
		return err
	}
	defer s.Close()
	return fn(cfg, s)
}

// Promote raises the epoch for dir, then waits wait and until Litestream's
// follower left dir's data.db-txid unchanged for settle.
func Promote(out io.Writer, s *ha.Store, dir, node string, wait, settle time.Duration) error {
	m, err := ha.Promote(s, dir, node)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "epoch %d is %s's: the old primary is fenced; waiting %s for its lease and last sync\n", m.Epoch, node, wait)
	time.Sleep(wait)
	if settle > 0 {
		waitSettled(filepath.Join(dir, "data.db-txid"), settle, 5*time.Minute)
	}
	fmt.Fprintf(out, "promoted: stop the follower, then start serve with Litestream replicating to <fence>/%d/data.db\n", m.Epoch)
	return nil
}

// waitSettled returns once path's content stayed the same for settle (or
// at once when there is no such file), or after limit.
func waitSettled(path string, settle, limit time.Duration) {
	last, _ := os.ReadFile(path)
	if last == nil {
		return
	}
	since := time.Now()
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		cur, _ := os.ReadFile(path)
		if string(cur) != string(last) {
			last, since = cur, time.Now()
		} else if time.Since(since) >= settle {
			return
		}
	}
}
