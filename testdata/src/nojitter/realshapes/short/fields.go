package short

import (
	"flag"
	"net/http"
	"time"
)

// A wait read from an unexported field of the package lasts what the
// package gives the field: the longest of its values, when every one is
// known and nothing out of sight can set it.

// --- quiet ---

// poller dials every 100ms until the server it started answers (ollama's
// readiness check); a test makes it faster.
type poller struct {
	hc       *http.Client
	url      string
	interval time.Duration
}

const pollInterval = 100 * time.Millisecond

func newPoller(hc *http.Client, url string) *poller {
	return &poller{hc: hc, url: url, interval: pollInterval}
}

func (p *poller) faster() { p.interval = 5 * time.Millisecond }

func (p *poller) waitReady() error {
	tick := time.NewTicker(p.interval)
	defer tick.Stop()
	var err error
	for range 600 {
		if err = resize(p.hc, p.url); err == nil {
			return nil
		}
		<-tick.C
	}
	return err
}

// --- reported ---

// One value is a second.
type slowPoller struct {
	hc       *http.Client
	url      string
	interval time.Duration
}

func newSlowPoller(hc *http.Client, url string) *slowPoller {
	return &slowPoller{hc: hc, url: url, interval: 10 * time.Millisecond}
}

func (p *slowPoller) slower() { p.interval = time.Second }

func (p *slowPoller) wait() error {
	var err error
	for range 5 {
		if err = resize(p.hc, p.url); err == nil {
			return nil
		}
		time.Sleep(p.interval) // want `retry loop waits a deterministic duration \(p.interval\)`
	}
	return err
}

// An exported field: code out of sight may set it.
type Poller struct {
	HC       *http.Client
	URL      string
	Interval time.Duration
}

func NewPoller(hc *http.Client, url string) *Poller {
	return &Poller{HC: hc, URL: url, Interval: 10 * time.Millisecond}
}

func (p *Poller) Wait() error {
	var err error
	for range 5 {
		if err = resize(p.HC, p.URL); err == nil {
			return nil
		}
		time.Sleep(p.Interval) // want `retry loop waits a deterministic duration \(p.Interval\)`
	}
	return err
}

// Its address is taken: a flag sets it.
type flagPoller struct {
	hc       *http.Client
	url      string
	interval time.Duration
}

func (p *flagPoller) register(fs *flag.FlagSet) {
	fs.DurationVar(&p.interval, "interval", 10*time.Millisecond, "wait between attempts")
}

func (p *flagPoller) wait() error {
	var err error
	for range 5 {
		if err = resize(p.hc, p.url); err == nil {
			return nil
		}
		time.Sleep(p.interval) // want `retry loop waits a deterministic duration \(p.interval\)`
	}
	return err
}
