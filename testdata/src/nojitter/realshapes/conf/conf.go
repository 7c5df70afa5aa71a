// Package conf holds configuration structs shared by the packages of a
// service. Spread randomises a Retry's wait, so the field carries a fact;
// Poll.Every is never randomised.
package conf

import (
	"math/rand/v2"
	"time"
)

// Retry configures the retries of one client.
type Retry struct {
	Wait     time.Duration `yaml:"wait"` // want Wait:`random`
	Attempts int           `yaml:"attempts"`
}

// Spread gives each process its own wait, between half the configured one
// and all of it, so that the processes of a fleet do not retry together.
func (r *Retry) Spread() {
	if r.Wait > 0 {
		r.Wait = r.Wait/2 + rand.N(r.Wait/2)
	}
}

// Poll configures a poller.
type Poll struct {
	Every time.Duration `yaml:"every"`
}

// Pace lets its user replace the fixed Pause with a function of their own,
// and Spread gives it a randomised one.
type Pace struct {
	Pause time.Duration
	Delay func(attempt int) time.Duration
}

// Spread makes the wait a random one of up to Pause.
func (p *Pace) Spread() {
	p.Delay = func(int) time.Duration { return rand.N(p.Pause) }
}
