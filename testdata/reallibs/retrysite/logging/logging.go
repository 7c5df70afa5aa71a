// Package logging holds loops that log through zap, or count in a
// Prometheus gauge, while they wait: a log line or a metric goes to a sink
// behind the library's interfaces, which could be anything, but it is never
// what a retry repeats. A loop that waits for a local lock file and logs
// (certmagic's FileStorage lock), or for room in an in-memory queue and
// counts (prometheus' remote-write queue), is no retry site; one whose
// attempt reaches a server stays one, logging or not.
package logging

import (
	"errors"
	"net/http"
	"os"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
)

var errBusy = errors.New("busy")

var logger = zap.L()

// createLock makes the lock file and keeps it fresh in the background,
// logging when it cannot.
func createLock(name string) error {
	f, err := os.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	f.Close()
	go keepFresh(name)
	return nil
}

func keepFresh(name string) {
	for { // want `periodic loop, waits sleep\(time.Second\)`
		time.Sleep(5 * time.Second)
		if err := os.Chtimes(name, time.Now(), time.Now()); err != nil {
			logger.Sugar().Infof("lock %s: %v", name, err)
			return
		}
	}
}

// obtainLock waits for a local lock file, logging as it goes: no site.
func obtainLock(name string) error {
	for {
		err := createLock(name)
		if err == nil {
			return nil
		}
		logger.Info("lock is held; waiting", zap.String("lock", name), zap.Error(err))
		time.Sleep(time.Second)
	}
}

// fetch retries a GET and logs each failure: a site.
func fetch(c *http.Client, url string) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, waits sleep\(time.Second\)`
		resp, err := c.Get(url)
		if err == nil {
			return resp, nil
		}
		logger.Error("get failed; retrying", zap.Error(err))
		time.Sleep(time.Second)
	}
	return nil, errBusy
}

// The remote-write shape (prometheus' QueueManager.Append): a loop that
// waits for room in an in-memory queue and counts the pending items in a
// gauge is no site.
var pending = prometheus.NewGauge(prometheus.GaugeOpts{Name: "pending"})

type shards struct {
	queue chan int
}

func (s *shards) enqueue(v int) bool {
	select {
	case s.queue <- v:
		pending.Inc()
		return true
	default:
		return false
	}
}

func (s *shards) append(v int) {
	backoff := 5 * time.Millisecond
	for {
		if s.enqueue(v) {
			return
		}
		time.Sleep(backoff)
		backoff *= 2
	}
}
