package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// server is one running stageshop process on a loopback port.
type server struct {
	bin  string
	dir  string
	addr string // 127.0.0.1:port
	cmd  *exec.Cmd
	log  *syncBuffer
	done chan struct{}
}

// syncBuffer collects the server's output; the process writes it while the
// bench may read it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) Bytes() []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]byte(nil), s.b.Bytes()...)
}

func (s *syncBuffer) String() string { return string(s.Bytes()) }

// freePort asks the kernel for an unused loopback port.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// runCLI runs one of the binary's commands against data dir dir.
func runCLI(bin, dir string, args ...string) error {
	args = append(args, "--dir", dir)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s %s: %v\n%s", filepath.Base(bin), strings.Join(args, " "), err, b)
	}
	return nil
}

// startServer starts `bin serve` on a free loopback port and waits until
// /api/health answers (at most 60 s).
// serverEnv is the bench server's environment: every client of the bench
// connects from 127.0.0.1, so the cap on connections per address is off
// (unless the caller sets one); everything else is as shipped.
func serverEnv() []string {
	env := os.Environ()
	if os.Getenv("STAGESHOP_MAX_CONNS_PER_IP") == "" {
		env = append(env, "STAGESHOP_MAX_CONNS_PER_IP=0")
	}
	return env
}

func startServer(bin, dir string) (*server, error) {
	return startServerEnv(bin, dir, nil)
}

// startServerEnv is startServer with extra environment variables (NAME=value).
func startServerEnv(bin, dir string, env []string) (*server, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	s := &server{bin: bin, dir: dir, addr: "127.0.0.1:" + strconv.Itoa(port), log: &syncBuffer{}, done: make(chan struct{})}
	args := []string{"serve", "--http", s.addr, "--dir", dir}
	if os.Getenv("BENCH_SERVER_DEV") != "" {
		args = append(args, "--dev")
	}
	s.cmd = exec.Command(bin, args...)
	s.cmd.Env = append(serverEnv(), env...)
	s.cmd.Stdout = s.log
	s.cmd.Stderr = s.log
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	go func() { _ = s.cmd.Wait(); close(s.done) }()

	deadline := time.Now().Add(60 * time.Second)
	c := &http.Client{Timeout: 2 * time.Second}
	for time.Now().Before(deadline) {
		select {
		case <-s.done:
			return nil, fmt.Errorf("server exited at start: %s", s.log.String())
		default:
		}
		resp, err := c.Get(s.url("/api/health"))
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return s, nil
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	s.kill()
	return nil, errors.New("server did not become ready in 60 s: " + s.log.String())
}

func (s *server) url(path string) string { return "http://" + s.addr + path }

// waitHealthy polls http://addr/api/health until it answers 200 (true) or
// within has passed (false).
func waitHealthy(addr string, within time.Duration) bool {
	c := &http.Client{Timeout: 2 * time.Second}
	for deadline := time.Now().Add(within); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if resp, err := c.Get("http://" + addr + "/api/health"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return true
			}
		}
	}
	return false
}

// stop ends the server with SIGTERM (SIGKILL after 15 s).
func (s *server) stop() {
	if s == nil || s.cmd.Process == nil {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
	case <-time.After(15 * time.Second):
		s.kill()
	}
}

// kill ends the server with SIGKILL, as a crash would, and waits for it.
func (s *server) kill() {
	if s == nil || s.cmd.Process == nil {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGKILL)
	select {
	case <-s.done:
	case <-time.After(10 * time.Second):
	}
}

// peakRSS is the process's peak resident set size (VmHWM) in bytes.
func (s *server) peakRSS() int64 { return procPeakRSS(s.cmd.Process.Pid) }

// procPeakRSS is VmHWM of process pid in bytes (0 when unknown).
func procPeakRSS(pid int) int64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			fields := strings.Fields(rest)
			if len(fields) > 0 {
				kb, _ := strconv.ParseInt(fields[0], 10, 64)
				return kb * 1024
			}
		}
	}
	return 0
}
