package main

import (
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// probeTrickle opens 300 connections from one IP that send a request's
// headers one byte every 2 s (slowloris), and counts how many the server
// still holds over time; meanwhile a normal request from another loopback
// address must still be answered.
func probeTrickle(s *shop) error {
	addr := strings.TrimPrefix(s.base, "http://")
	const n = 300
	var open atomic.Int32
	var wg sync.WaitGroup
	stop := make(chan struct{})
	start := time.Now()
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			trickle(addr, &open, stop)
		}()
	}
	for _, at := range []time.Duration{2 * time.Second, 9 * time.Second, 12 * time.Second, 30 * time.Second} {
		time.Sleep(time.Until(start.Add(at)))
		fmt.Printf("   %d trickling connections from 127.0.0.1: %d still held after %v; %s\n", n, open.Load(), at, otherClient(s.base))
	}
	close(stop)
	wg.Wait()
	return nil
}

// trickle holds one connection, sending a header byte every 2 s until the
// server closes it or stop.
func trickle(addr string, open *atomic.Int32, stop chan struct{}) {
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		return
	}
	defer c.Close()
	open.Add(1)
	defer open.Add(-1)
	if _, err := c.Write([]byte("GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: ")); err != nil {
		return
	}
	closed := make(chan struct{})
	go func() { // the server closing the connection ends the read
		buf := make([]byte, 1024)
		for {
			if _, err := c.Read(buf); err != nil {
				close(closed)
				return
			}
		}
	}()
	for {
		select {
		case <-stop:
			return
		case <-closed:
			return
		case <-time.After(2 * time.Second):
			if _, err := c.Write([]byte("a")); err != nil {
				return
			}
		}
	}
}

// otherClient is what a normal request from 127.0.0.2 gets.
func otherClient(base string) string {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}, Timeout: 5 * time.Second}
	c := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DialContext: d.DialContext}}
	t0 := time.Now()
	r, err := c.Get(base + "/api/health")
	if err != nil {
		return "another client: " + err.Error()
	}
	r.Body.Close()
	return fmt.Sprintf("another client (127.0.0.2): %d in %d ms", r.StatusCode, time.Since(t0).Milliseconds())
}
