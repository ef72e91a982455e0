package main

import (
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	"stageshop/internal/testapp"
)

// BenchmarkTestAppStart times what a Go test pays for its app (figures in
// docs/decisions/test-speed.md): "migrate" applies every migration to an
// empty data dir (what internal/testapp does once per machine to make its
// template), "template" is testapp.New (a copy of the template, with
// everything main registers). Beside ns/op it reports the CPU time per
// app, which the load of a shared machine moves much less than the wall
// time:
//
//	go test ./bench -run '^$' -bench TestAppStart -benchtime 20x
func BenchmarkTestAppStart(b *testing.B) {
	b.Run("migrate", func(b *testing.B) {
		measureCPU(b, func() {
			app, err := tests.NewTestApp(b.TempDir())
			if err != nil {
				b.Fatal(err)
			}
			app.Cleanup()
		})
	})
	b.Run("template", func(b *testing.B) {
		testapp.New(b) // the template is made once, before the timing
		measureCPU(b, func() { testapp.New(b).Cleanup() })
	})
}

// measureCPU runs start b.N times and reports its CPU time per run.
func measureCPU(b *testing.B, start func()) {
	before := cpuTime()
	b.ResetTimer()
	for b.Loop() {
		start()
	}
	b.StopTimer()
	b.ReportMetric(float64((cpuTime()-before).Milliseconds())/float64(b.N), "cpu-ms/op")
}
