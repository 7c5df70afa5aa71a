// Package resched retries by rescheduling: a reply handler that sees a
// delivery failed counts a try and sends it again from time.AfterFunc.
package resched

import (
	"bytes"
	"math/rand/v2"
	"net/http"
	"strconv"
	"sync"
	"time"
)

type delivery struct {
	url     string
	body    []byte
	tries   int
	limit   int
	backoff time.Duration
}

type sender struct {
	mu      sync.Mutex
	hc      *http.Client
	pending map[string]*delivery
	failed  func(error)
}

func newSender(hc *http.Client) *sender {
	return &sender{hc: hc, pending: map[string]*delivery{}}
}

func (s *sender) enqueue(id, url string, body []byte) {
	s.mu.Lock()
	s.pending[id] = &delivery{url: url, body: body, limit: 3, backoff: 250 * time.Millisecond}
	s.mu.Unlock()
}

func (s *sender) post(d *delivery) error {
	resp, err := s.hc.Post(d.url, "application/json", bytes.NewReader(d.body))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// --- reported ---

// onReply sends a delivery that found no receiver again after its fixed
// backoff, up to its limit.
func (s *sender) onReply(id string, status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.pending[id]
	if d == nil || status != http.StatusServiceUnavailable {
		return
	}
	if d.tries < d.limit {
		d.tries++
		time.AfterFunc(d.backoff, func() { // want `retry rescheduled by time.AfterFunc waits a deterministic duration \(d.backoff\) before sending again: clients that failed together retry together; randomise the wait \(full jitter\)`
			if err := s.post(d); err != nil && s.failed != nil {
				s.failed(err)
			}
		})
		return
	}
	delete(s.pending, id)
}

// onTimeout writes the comparison the other way round, and waits a
// constant.
func (s *sender) onTimeout(d *delivery) {
	if d.limit > d.tries {
		d.tries += 1
		time.AfterFunc(time.Second, func() { _ = s.post(d) }) // want `retry rescheduled by time.AfterFunc waits a fixed 1s before sending again`
	}
}

// onBusy waits what the server's Retry-After asked, and a fixed 2s when it
// sends none: the fallback is reported, with no fix, which would also cut
// the server's wait.
func (s *sender) onBusy(d *delivery, resp *http.Response) {
	if d.tries < d.limit {
		d.tries++
		wait := 2 * time.Second
		if ra, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && ra > 0 {
			wait = time.Duration(ra) * time.Second
		}
		time.AfterFunc(wait, func() { _ = s.post(d) }) // want `retry rescheduled by time.AfterFunc waits a deterministic duration \(wait\) when the server sends no Retry-After before sending again: .*; randomise that wait \(full jitter\) and keep the server's`
	}
}

// --- not reported ---

// onReplyJittered spreads its resends.
func (s *sender) onReplyJittered(d *delivery) {
	if d.tries < d.limit {
		d.tries++
		time.AfterFunc(d.backoff/2+rand.N(d.backoff), func() { _ = s.post(d) })
	}
}

// expire is a timeout: no count of tries guards it.
func (s *sender) expire(id string, d *delivery) {
	time.AfterFunc(d.backoff, func() {
		s.mu.Lock()
		delete(s.pending, id)
		s.mu.Unlock()
		_ = s.post(d)
	})
}

// recount reschedules only local work: it sends nothing.
func (s *sender) recount(d *delivery) {
	if d.tries < d.limit {
		d.tries++
		time.AfterFunc(d.backoff, func() {
			s.mu.Lock()
			d.tries = 0
			s.mu.Unlock()
		})
	}
}

// unstepped compares a count it never steps: no try is counted.
func (s *sender) unstepped(d *delivery) {
	if d.tries < d.limit {
		time.AfterFunc(d.backoff, func() { _ = s.post(d) })
	}
}
