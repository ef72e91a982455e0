package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// The load generator is a closed loop: conns workers, each with its own
// keep-alive connection, send one request after another until the duration
// or the request budget is used up. Latency is measured from just before the
// request is written to the last byte of the answer.

// newClient returns an HTTP client that keeps up to conns connections to the
// one loopback host and never asks for compression.
func newClient(conns int) *http.Client {
	tr := &http.Transport{
		MaxIdleConns:        conns * 2,
		MaxIdleConnsPerHost: conns * 2,
		MaxConnsPerHost:     conns,
		DisableCompression:  true,
		IdleConnTimeout:     30 * time.Second,
	}
	return &http.Client{Transport: tr, Timeout: 30 * time.Second}
}

// stats are the figures of one load run.
type stats struct {
	Name      string
	Conns     int
	Duration  time.Duration
	Requests  int
	Errors    int            // transport errors and answers outside the expected set
	Statuses  map[int]int    // answers by status code
	Codes     map[string]int // error envelope codes of non-2xx answers, when read
	latencies []time.Duration
}

func (s *stats) rps() float64 {
	if s.Duration <= 0 {
		return 0
	}
	return float64(s.Requests) / s.Duration.Seconds()
}

// pct is the p-th percentile latency (0 < p <= 100).
func (s *stats) pct(p float64) time.Duration {
	if len(s.latencies) == 0 {
		return 0
	}
	i := int(float64(len(s.latencies))*p/100+0.5) - 1
	if i < 0 {
		i = 0
	}
	if i >= len(s.latencies) {
		i = len(s.latencies) - 1
	}
	return s.latencies[i]
}

func (s *stats) merge(o *stats) {
	s.Requests += o.Requests
	s.Errors += o.Errors
	for k, v := range o.Statuses {
		s.Statuses[k] += v
	}
	for k, v := range o.Codes {
		s.Codes[k] += v
	}
	s.latencies = append(s.latencies, o.latencies...)
}

func newStats(name string) *stats {
	return &stats{Name: name, Statuses: map[int]int{}, Codes: map[string]int{}}
}

// finish sorts the latencies; call once after the last merge.
func (s *stats) finish() {
	sort.Slice(s.latencies, func(i, j int) bool { return s.latencies[i] < s.latencies[j] })
}

func (s *stats) statusSummary() string {
	keys := make([]int, 0, len(s.Statuses))
	for k := range s.Statuses {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	var b bytes.Buffer
	for i, k := range keys {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d: %d", k, s.Statuses[k])
	}
	if b.Len() == 0 {
		return "-"
	}
	return b.String()
}

// target builds the i-th request of worker w.
type target func(w, i int) (*http.Request, error)

// hammer runs a closed-loop load of conns workers for d (at most maxReq
// requests in all). ok tells which status codes count as success. Workers
// start no request after d but let the one in flight finish (bounded by the
// client's timeout), so no half-done work spills into the next run; the
// rate is over the time until the last answer.
func hammer(ctx context.Context, name string, client *http.Client, conns int, d time.Duration, maxReq int64, next target, ok func(int) bool) *stats {
	var sent atomic.Int64
	parts := make([]*stats, conns)
	var wg sync.WaitGroup
	start := time.Now()
	deadline := start.Add(d)
	for w := 0; w < conns; w++ {
		parts[w] = newStats(name)
		parts[w].latencies = make([]time.Duration, 0, 4096)
		wg.Add(1)
		go func(w int, st *stats) {
			defer wg.Done()
			buf := make([]byte, 32<<10)
			for i := 0; ctx.Err() == nil && time.Now().Before(deadline) && sent.Add(1) <= maxReq; i++ {
				req, err := next(w, i)
				if err != nil {
					st.Errors++
					continue
				}
				t0 := time.Now()
				resp, err := client.Do(req)
				st.Requests++
				if err != nil {
					st.Errors++
					continue
				}
				_, err = io.CopyBuffer(io.Discard, resp.Body, buf)
				resp.Body.Close()
				st.latencies = append(st.latencies, time.Since(t0))
				st.Statuses[resp.StatusCode]++
				if err != nil || !ok(resp.StatusCode) {
					st.Errors++
				}
			}
		}(w, parts[w])
	}
	wg.Wait()
	total := newStats(name)
	total.Conns = conns
	total.Duration = time.Since(start)
	for _, p := range parts {
		total.merge(p)
	}
	total.finish()
	return total
}

func is2xx(c int) bool { return c >= 200 && c < 300 }

// getTarget requests one fixed path.
func getTarget(base, path string) target {
	return func(int, int) (*http.Request, error) { return browserGet(base + path) }
}

// plainGetTarget is getTarget for a client that does not accept gzip.
func plainGetTarget(base, path string) target {
	return func(int, int) (*http.Request, error) { return http.NewRequest(http.MethodGet, base+path, nil) }
}

// browserEncodings is the Accept-Encoding every browser (and so the app)
// sends. The client leaves answers compressed (DisableCompression), as it
// only counts them, so inflating costs the shared cores nothing.
const browserEncodings = "gzip, deflate, br"

// browserGet is a GET that accepts compressed answers, as a browser's does.
func browserGet(url string) (*http.Request, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err == nil {
		req.Header.Set("Accept-Encoding", browserEncodings)
	}
	return req, err
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f", float64(d.Microseconds())/1000) }
