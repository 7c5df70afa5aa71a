// Package userflags shows what -nojitter.jitter changes, and a struct field
// named Jitter that holds a constant.
package userflags

import "time"

func op() error { return nil }

// clockJitter derives a "random" offset from the clock: deterministic to
// nojitter, unless the user lists it with -nojitter.jitter.
func clockJitter(d time.Duration) time.Duration {
	return time.Duration(time.Now().UnixNano()) % d
}

func withClockJitter() error {
	for range 3 {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(time.Second + clockJitter(time.Second)) // want `retry loop waits a deterministic duration`
	}
	return nil
}

type config struct {
	Base, Jitter time.Duration
}

// A field called Jitter that holds a constant is no jitter.
func namedJitter() error {
	cfg := config{Base: time.Second, Jitter: 100 * time.Millisecond}
	for range 3 {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(cfg.Base + cfg.Jitter) // want `retry loop waits a deterministic duration \(cfg.Base \+ cfg.Jitter\)`
	}
	return nil
}
