package main

// VersityGW, an S3 gateway over a local directory, on loopback: the S3 of
// the ops tests and the restore section. scripts/ensure-ops-tools.sh builds
// it (pinned) into .tools/bin, which `make test-ops` puts on PATH.

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"
)

// Credentials of the loopback gateway (nothing else can reach it).
const (
	s3AccessKey = "stageshopops"
	s3SecretKey = "stageshopopssecret"
	s3Bucket    = "stageshop"
	s3Region    = "us-east-1"
)

// s3gw is a running VersityGW with one bucket.
type s3gw struct {
	root     string // the directory it serves: one subdirectory per bucket
	endpoint string // http://127.0.0.1:port
	cmd      *exec.Cmd
	log      *syncBuffer
}

// startS3 starts VersityGW's posix backend on root with the bucket made.
func startS3(root string) (*s3gw, error) {
	bin, err := exec.LookPath("versitygw")
	if err != nil {
		return nil, fmt.Errorf("versitygw not on PATH: run scripts/ensure-ops-tools.sh (make test-ops does): %w", err)
	}
	if err := os.MkdirAll(filepath.Join(root, s3Bucket), 0o755); err != nil {
		return nil, err
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	addr := "127.0.0.1:" + strconv.Itoa(port)
	g := &s3gw{root: root, endpoint: "http://" + addr, log: &syncBuffer{}}
	g.cmd = exec.Command(bin, "--access", s3AccessKey, "--secret", s3SecretKey, "--port", addr, "posix", root)
	g.cmd.Stdout, g.cmd.Stderr = g.log, g.log
	if err := g.cmd.Start(); err != nil {
		return nil, err
	}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
			c.Close()
			return g, nil
		}
	}
	g.stop()
	return nil, fmt.Errorf("versitygw did not listen in 30 s: %s", g.log.String())
}

func (g *s3gw) stop() {
	if g != nil && g.cmd.Process != nil {
		_ = g.cmd.Process.Kill()
		_ = g.cmd.Wait()
	}
}

// objects lists the object keys under prefix in the bucket.
func (g *s3gw) objects(prefix string) []string {
	var keys []string
	base := filepath.Join(g.root, s3Bucket)
	_ = filepath.WalkDir(filepath.Join(base, prefix), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(base, p)
			keys = append(keys, filepath.ToSlash(rel))
		}
		return nil
	})
	return keys
}
