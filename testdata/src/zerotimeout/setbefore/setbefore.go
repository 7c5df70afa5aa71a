// Package setbefore holds clients whose Timeout is assigned after they are
// made: quiet when that happens before the first use, reported otherwise.
package setbefore

import (
	"net/http"
	"time"
)

type service struct {
	hc    *http.Client
	inner struct{ hc http.Client }
}

func setBefore(d time.Duration) *http.Client {
	c := &http.Client{}
	c.Timeout = d
	return c
}

func setAfter(u string) {
	c := &http.Client{} // want `^http.Client has no Timeout`
	c.Get(u)
	c.Timeout = time.Second
}

func setZero(u string) {
	c := &http.Client{} // want `^http.Client has no Timeout`
	c.Timeout = 0
	c.Get(u)
}

func setOtherFieldsFirst(t http.RoundTripper, d time.Duration) *http.Client {
	c := &http.Client{}
	c.Transport = t
	c.Timeout = d
	return c
}

func fieldPath(s *service, d time.Duration) {
	s.hc = &http.Client{}
	s.hc.Timeout = d
}

func fieldPathValue(s *service, d time.Duration) {
	s.inner.hc = http.Client{}
	s.inner.hc.Timeout = d
}

func fieldPathAfter(s *service, u string) {
	s.hc = &http.Client{} // want `^http.Client has no Timeout`
	s.hc.Get(u)
	s.hc.Timeout = time.Second
}

func otherFieldPath(s, t *service, u string) {
	s.hc = &http.Client{} // want `^http.Client has no Timeout`
	t.hc.Timeout = time.Second
	s.hc.Get(u)
}

func nestedLiteral(d time.Duration) *service {
	s := &service{hc: &http.Client{}}
	s.hc.Timeout = d
	return s
}

func varSet(u string) {
	var c http.Client
	c.Timeout = 3 * time.Second
	c.Get(u)
}

func varSetAfter(u string) {
	var c http.Client // want `zero-value http.Client c has no Timeout`
	c.Get(u)
	c.Timeout = 3 * time.Second
}

func pointerSet(u string) {
	c := new(http.Client)
	(*c).Timeout = time.Minute
	c.Get(u)
}

func inClosure(u string) {
	c := &http.Client{} // want `^http.Client has no Timeout`
	func() { c.Timeout = time.Second }()
	c.Get(u)
}

func defaultSet(u string) {
	http.DefaultClient.Timeout = 10 * time.Second
	http.Get(u)
}

type holder[T any] struct {
	hc *http.Client
	v  T
}

func generic[T any](h *holder[T], d time.Duration) {
	h.hc = &http.Client{}
	h.hc.Timeout = d
}

func (h *holder[T]) get(u string) { h.hc.Get(u) }

func genericUnset[T any](v T) *holder[T] {
	return &holder[T]{hc: &http.Client{}, v: v} // want `^http.Client has no Timeout`
}

func genericClient[C http.Client | struct{ Timeout time.Duration }]() C {
	var c C // a type parameter, not known to be a client
	return c
}

func reassigned(d time.Duration, u string) {
	var c http.Client
	c = http.Client{Timeout: d}
	c.Get(u)
}

func reassignedAfter(d time.Duration, u string) {
	var c http.Client // want `zero-value http.Client c has no Timeout`
	c.Get(u)
	c = http.Client{Timeout: d}
	c.Get(u)
}

func defaultReplaced(u string) {
	http.DefaultClient = &http.Client{Timeout: time.Second}
	http.Get(u)
}
