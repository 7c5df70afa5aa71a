// Package headermaps gives its requests a whole header map built by a
// method of its own (req.Header = h), as loki's logcli does. A header whose
// name is configured (a field, a --header flag) is the same on every
// request the client sends, so it is no idempotency key: a retried POST
// with only such headers is reported, without a fix (a key set where the
// request is built would be dropped when the map is replaced). A helper
// that sets a key, takes the header name from its caller, makes a value
// anew, or hands back a map it does not build is quiet; so is a map the
// caller writes to after getting it.
package headermaps

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
)

var errStatus = errors.New("unexpected status")

type client struct {
	http          *http.Client
	authHeader    string
	user, token   string
	orgID         string
	customHeaders []string
	keyHeader     string
	sharedHeader  http.Header
}

// headers builds every request's headers from the client's configuration.
func (c *client) headers() (http.Header, error) {
	h := make(http.Header)
	if c.authHeader == "" {
		c.authHeader = "Authorization"
	}
	h.Set(c.authHeader, "Basic "+c.user+":"+c.token)
	h.Set("User-Agent", "headermaps")
	if c.orgID != "" {
		h["X-Scope-OrgID"] = []string{c.orgID}
	}
	for _, header := range c.customHeaders {
		parts := strings.SplitN(header, ":", 2)
		if len(parts) != 2 {
			return nil, errors.New("bad header")
		}
		h.Set(strings.TrimSpace(parts[0]), strings.TrimSpace(parts[1]))
	}
	return h, nil
}

func (c *client) deleteRequest(u string) error {
	req, err := http.NewRequest(http.MethodPost, u, nil) // want `POST is retried by a retry loop \(up to 3 attempts\) without an Idempotency-Key`
	if err != nil {
		return err
	}
	h, err := c.headers()
	if err != nil {
		return err
	}
	req.Header = h
	var resp *http.Response
	for attempt := 0; attempt < 3; attempt++ {
		resp, err = c.http.Do(req)
		if err == nil && resp.StatusCode/100 == 2 {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// A literal map replaces the headers too: the key a fix set where the
// request is built would be dropped.
func (c *client) literalMap(u string) error {
	req, err := http.NewRequest(http.MethodPost, u, nil) // want `POST is retried by a retry loop \(up to 3 attempts\) without an Idempotency-Key`
	if err != nil {
		return err
	}
	req.Header = http.Header{"Content-Type": {"application/json"}}
	var resp *http.Response
	for attempt := 0; attempt < 3; attempt++ {
		resp, err = c.http.Do(req)
		if err == nil && resp.StatusCode/100 == 2 {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// keyedHeaders sets a key: its name is a constant.
func (c *client) keyedHeaders(key string) http.Header {
	return http.Header{"Idempotency-Key": {key}, "User-Agent": {"headermaps"}}
}

func (c *client) keyed(u, key string) error {
	req, err := http.NewRequest(http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	req.Header = c.keyedHeaders(key)
	return c.retried(req)
}

// namedBy takes the header's name from its caller, who may name a key.
func namedBy(name, value string) (http.Header, error) {
	h := http.Header{}
	h.Set(name, value)
	return h, nil
}

func (c *client) callerNamed(u, key string) error {
	req, err := http.NewRequest(http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	h, err := namedBy(c.keyHeader, key)
	if err != nil {
		return err
	}
	req.Header = h
	return c.retried(req)
}

// freshHeaders makes a value anew under a configured name: a key, maybe.
func (c *client) freshHeaders() http.Header {
	h := make(http.Header)
	h.Set(c.keyHeader, uuid.NewString())
	return h
}

func (c *client) fresh(u string) error {
	req, err := http.NewRequest(http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	req.Header = c.freshHeaders()
	return c.retried(req)
}

// sharedHeaders hands back a map it does not build.
func (c *client) sharedHeaders() http.Header {
	return c.sharedHeader
}

func (c *client) shared(u string) error {
	req, err := http.NewRequest(http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	req.Header = c.sharedHeaders()
	return c.retried(req)
}

// The caller writes to the map after getting it.
func (c *client) written(u, name, key string) error {
	req, err := http.NewRequest(http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	h, err := c.headers()
	if err != nil {
		return err
	}
	h.Set(name, key)
	req.Header = h
	return c.retried(req)
}

// retried sends req up to three times.
func (c *client) retried(req *http.Request) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var resp *http.Response
		if resp, err = c.http.Do(req); err == nil && resp.StatusCode/100 == 2 {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}
