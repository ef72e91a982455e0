//go:build ops

package main

// PocketBase's built-in backups to S3 (VersityGW on loopback), through the
// built binary and the dashboard's own API, as the README's "Back up,
// replicate, restore" tells an operator to use them: `make test-ops`.

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"
)

const (
	backupBucket  = "stageshop-backups"
	suEmail       = "ops-root@bench.local"
	suPassword    = "OpsRoot1234567"
	backupName    = "before-the-mistake.zip"
	restoreWithin = 60 * time.Second
)

// A superuser turns on backups to S3 in the settings, makes a backup, a
// product is deleted by mistake, and restoring the backup (which restarts
// the process in place) brings the product and its image back; the restored
// shop keeps serving and taking admin writes.
func TestOpsBackupsOnS3(t *testing.T) {
	bin := shopBinary(t)
	g := testS3(t)
	if err := os.MkdirAll(filepath.Join(g.root, backupBucket), 0o755); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, args := range [][]string{{"migrate", "up"}, {"seed"}, {"superuser", "upsert", suEmail, suPassword}} {
		if err := runCLI(bin, dir, args...); err != nil {
			t.Fatal(err)
		}
	}
	admin := &customer{Token: adminToken(t, dir)}
	srv, err := startServer(bin, dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.stop)
	root := &customer{Token: superuserToken(t, srv)}

	// Settings > Backups > S3, as the dashboard saves it.
	apiOK(t, srv, root, http.MethodPatch, "/api/settings", map[string]any{"backups": map[string]any{
		"cron": "0 3 * * *", "cronMaxKeep": 7,
		"s3": map[string]any{"enabled": true, "bucket": backupBucket, "region": s3Region, "endpoint": g.endpoint,
			"accessKey": s3AccessKey, "secret": s3SecretKey, "forcePathStyle": true},
	}}, http.StatusOK, nil)

	var page struct {
		Products []struct {
			ID            string `json:"id"`
			ImageFileName string `json:"imageFileName"`
		} `json:"products"`
	}
	apiOK(t, srv, nil, http.MethodGet, "/api/products?pageSize=1", nil, http.StatusOK, &page)
	if len(page.Products) != 1 || page.Products[0].ImageFileName == "" {
		t.Fatalf("no seeded product with an image: %+v", page)
	}
	victim := page.Products[0]

	start := time.Now()
	apiOK(t, srv, root, http.MethodPost, "/api/backups", map[string]string{"name": backupName}, http.StatusNoContent, nil)
	zip, err := os.Stat(filepath.Join(g.root, backupBucket, backupName))
	if err != nil {
		t.Fatalf("the backup is not in the S3 bucket: %v", err)
	}
	t.Logf("backup: %d bytes on S3 in %s", zip.Size(), time.Since(start).Round(time.Millisecond))
	var listed []struct {
		Key string `json:"key"`
	}
	apiOK(t, srv, root, http.MethodGet, "/api/backups", nil, http.StatusOK, &listed)
	if len(listed) != 1 || listed[0].Key != backupName {
		t.Fatalf("backups listed: %+v", listed)
	}

	// The mistake: the product is deleted and the unused image removed.
	apiOK(t, srv, admin, http.MethodDelete, "/api/products/"+victim.ID, nil, http.StatusOK, nil)
	apiOK(t, srv, nil, http.MethodGet, "/api/products/"+victim.ID, nil, http.StatusNotFound, nil)
	images, _ := filepath.Glob(filepath.Join(dir, "storage", "*", "*", victim.ImageFileName))
	for _, f := range images {
		_ = os.Remove(f)
	}
	if st, _, _ := fetch(t, srv, "/images/products/"+victim.ImageFileName); st != http.StatusNotFound {
		t.Fatalf("image after removing it: %d", st)
	}

	pid := srv.cmd.Process.Pid
	start = time.Now()
	apiOK(t, srv, root, http.MethodPost, "/api/backups/"+backupName+"/restore", nil, http.StatusNoContent, nil)
	restored := false
	for time.Since(start) < restoreWithin && !restored {
		time.Sleep(200 * time.Millisecond)
		st, _, _, _ := call(context.Background(), &http.Client{Timeout: 2 * time.Second}, srv.url(""), nil, http.MethodGet, "/api/products/"+victim.ID, nil)
		restored = st == http.StatusOK
	}
	if !restored {
		t.Fatalf("the product is not back %s after the restore:\n%s", restoreWithin, srv.log.String())
	}
	select {
	case <-srv.done:
		t.Fatalf("the server exited on the restore instead of restarting in place:\n%s", srv.log.String())
	default:
	}
	t.Logf("restore: the product is back after %s (process %d restarted in place)", time.Since(start).Round(time.Millisecond), pid)
	if st, ct, b := fetch(t, srv, "/images/products/"+victim.ImageFileName); st != http.StatusOK || ct == "" || len(b) == 0 {
		t.Errorf("image after the restore: %d %s, %d bytes", st, ct, len(b))
	}
	// The restored shop takes writes, from the admin whose session was in the backup.
	apiOK(t, srv, admin, http.MethodPost, "/api/products", map[string]any{"name": "After the restore", "description": "",
		"price": 10, "category": "Lighting", "imageFileNames": []string{victim.ImageFileName}, "stockQuantity": 1,
		"isActive": true, "attributes": []any{}}, http.StatusCreated, nil)
}

// superuserToken signs the dashboard's superuser in.
func superuserToken(t *testing.T, srv *server) string {
	t.Helper()
	var out struct {
		Token string `json:"token"`
	}
	apiOK(t, srv, nil, http.MethodPost, "/api/collections/_superusers/auth-with-password",
		map[string]string{"identity": suEmail, "password": suPassword}, http.StatusOK, &out)
	return out.Token
}

// apiOK calls the server and fails the test unless it answers want; a
// non-nil out receives the JSON body.
func apiOK(t *testing.T, srv *server, c *customer, method, path string, body any, want int, out any) {
	t.Helper()
	st, b, _, err := call(context.Background(), http.DefaultClient, srv.url(""), c, method, path, body)
	if err != nil || st != want {
		t.Fatalf("%s %s: %d %s %v, want %d", method, path, st, b, err, want)
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, path, err, b)
		}
	}
}
