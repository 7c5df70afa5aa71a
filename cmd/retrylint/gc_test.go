package main

import (
	"math"
	"runtime/debug"
	"testing"
)

// TestTuneGC: a unit run collects at unitGCPercent under unitMemoryLimit,
// unless the environment sets GOGC or GOMEMLIMIT, which are kept.
func TestTuneGC(t *testing.T) {
	restore := func() {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
	}
	t.Cleanup(restore)

	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	restore()
	tuneGC()
	if got := debug.SetGCPercent(100); got != unitGCPercent {
		t.Errorf("GOGC unset: GC percent %d, want %d", got, unitGCPercent)
	}
	if got := debug.SetMemoryLimit(-1); got != unitMemoryLimit {
		t.Errorf("GOMEMLIMIT unset: memory limit %d, want %d", got, unitMemoryLimit)
	}

	t.Setenv("GOGC", "150")
	t.Setenv("GOMEMLIMIT", "2GiB")
	restore()
	tuneGC()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GOGC set: GC percent changed to %d", got)
	}
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("GOMEMLIMIT set: memory limit changed to %d", got)
	}
}
