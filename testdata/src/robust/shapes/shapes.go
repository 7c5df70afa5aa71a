// Package shapes holds the shapes real code takes that naive matching gets
// wrong: dot and renamed imports, shadowed package names, a local type named
// Client, aliases, embedded clients, method values and expressions, labeled
// loops and goto, loops without conditions, deferred and go calls, struct
// fields of function type, and unusual receivers.
package shapes

import (
	"errors"
	nethttp "net/http"
	. "time"
)

type Client struct{ Timeout int }

type alias = nethttp.Client

type embeds struct {
	*nethttp.Client
	alias
	inner struct{ c nethttp.Client }
}

type funcs struct {
	sleep func(Duration)
	get   func(string) (*nethttp.Response, error)
}

var errRetry = errors.New("retry")

func labeled(url string) error {
	f := funcs{sleep: Sleep, get: nethttp.Get}
	c := &alias{}
	get := c.Get
	post := (*nethttp.Client).Post
outer:
	for i := 0; ; i++ {
		for j := 0; j < 3; j++ {
			if i > 4 {
				break outer
			}
			if _, err := get(url); err == nil {
				continue outer
			}
			if _, err := post(c, url, "text/plain", nil); err == nil {
				return nil
			}
			if _, err := f.get(url); err != nil {
				f.sleep(Second)
			}
		}
	}
	i := 0
again:
	if _, err := nethttp.Get(url); err != nil && i < 3 {
		i++
		Sleep(Duration(i) * Second)
		goto again
	}
	return errRetry
}

func shadowed() {
	nethttp := Client{}
	_ = nethttp.Timeout
	Second := 3
	for k := 0; k < Second; k++ {
		defer Sleep(Millisecond)
		go func() { Sleep(Millisecond) }()
	}
}

func (e *embeds) retry(url string) {
	for e.Client != nil {
		if _, err := e.Client.Get(url); err == nil {
			return
		}
		<-After(Second)
		t := NewTimer(Second)
		<-t.C
		t.Reset(2 * Second)
	}
	e.inner.c.Timeout = 0
	_ = e.alias.Timeout
}

func (embeds) valueReceiver() {}

func (_ *funcs) blankReceiver() {
	var zero nethttp.Client
	_ = zero
	_ = new(nethttp.Client)
	_ = nethttp.DefaultClient.Do
	_ = Tick(Second)
}
