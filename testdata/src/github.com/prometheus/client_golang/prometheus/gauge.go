// Package prometheus is a stub of github.com/prometheus/client_golang
// v1.23.2's prometheus package: the same signatures for what the tests use
// (the Gauge's own methods, not those of the Metric and Collector it
// embeds), and a Gauge handed out as an interface, as the real one is.
package prometheus

import (
	"math"
	"sync/atomic"
)

// Opts bundles the options for creating most Metric types.
type Opts struct {
	Namespace string
	Subsystem string
	Name      string
	Help      string
}

// GaugeOpts is an alias for Opts.
type GaugeOpts Opts

// Gauge is a Metric that represents a single numerical value that can
// arbitrarily go up and down.
type Gauge interface {
	Set(float64)
	Inc()
	Dec()
	Add(float64)
	Sub(float64)
	SetToCurrentTime()
}

// NewGauge creates a new Gauge based on the provided GaugeOpts.
func NewGauge(opts GaugeOpts) Gauge { return &gauge{} }

type gauge struct{ valBits uint64 }

func (g *gauge) Set(val float64)   { atomic.StoreUint64(&g.valBits, math.Float64bits(val)) }
func (g *gauge) Inc()              { g.Add(1) }
func (g *gauge) Dec()              { g.Add(-1) }
func (g *gauge) Sub(val float64)   { g.Add(val * -1) }
func (g *gauge) SetToCurrentTime() {}

func (g *gauge) Add(val float64) {
	for {
		oldBits := atomic.LoadUint64(&g.valBits)
		newBits := math.Float64bits(math.Float64frombits(oldBits) + val)
		if atomic.CompareAndSwapUint64(&g.valBits, oldBits, newBits) {
			return
		}
	}
}
