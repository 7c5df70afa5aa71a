package restclient

import (
	"context"
	"errors"
	"log"
	"net/http"
	"time"
)

// Requests handed to helpers that may key them after all: each is quiet.

type keyCtx struct{}

// withKey returns the request it was given, or a copy it keys: it gives
// its parameter another value, so what it returns may be another request.
func withKey(req *http.Request) *http.Request {
	k, ok := req.Context().Value(keyCtx{}).(string)
	if !ok {
		return req
	}
	req = req.Clone(req.Context())
	req.Header.Set("Idempotency-Key", k)
	return req
}

func logged(req *http.Request) *http.Request {
	log.Println(req.URL)
	return req
}

// addKey keys the request through the name logged hands it back under.
func addKey(req *http.Request, key string) { // want addKey:`keyparams\[1\]`
	r := logged(req)
	r.Header.Set("Idempotency-Key", key)
}

// apply and applyP run an option their caller gives, which may set a key.
func apply(req *http.Request, mutate func(*http.Request)) { mutate(req) }

func applyP(req *http.Request, mutate *func(*http.Request)) { (*mutate)(req) }

func applyAll(req *http.Request, mutate ...func(*http.Request)) {
	for _, m := range mutate {
		m(req)
	}
}

// reqOpts are options for one request: its headers may hold a key.
type reqOpts struct{ headers http.Header }

func (o reqOpts) apply(req *http.Request) {
	for k, vs := range o.headers {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
}

// prepare and sign call each other; sign sets a key.
var depth int

func prepare(req *http.Request, key string) {
	if depth > 0 {
		depth--
		sign(req, key)
	}
}

func sign(req *http.Request, key string) { // want sign:`keyparams\[1\]`
	req.Header.Set("Idempotency-Key", key)
	prepare(req, key)
}

func (c *Client) TagReassigned(ctx context.Context) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/v4/tags", nil)
		if err != nil {
			return err
		}
		req = withKey(req)
		resp, err := c.httpClient.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("tag failed")
}

func (c *Client) TagThroughAlias(ctx context.Context, key string) error { // want TagThroughAlias:`keyparams\[1\]`
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/v4/tags", nil)
		if err != nil {
			return err
		}
		r := logged(req)
		r.Header.Set("Idempotency-Key", key)
		resp, err := c.httpClient.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("tag failed")
}

func (c *Client) TagThroughHelper(ctx context.Context, key string) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/v4/tags", nil)
		if err != nil {
			return err
		}
		addKey(req, key)
		resp, err := c.httpClient.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("tag failed")
}

func (c *Client) TagThroughOptions(ctx context.Context, key string) error { // want TagThroughOptions:`keyparams\[1\]`
	setKey := func(r *http.Request) { r.Header.Set("Idempotency-Key", key) }
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/v4/tags", nil)
		if err != nil {
			return err
		}
		apply(req, setKey)
		applyP(req, &setKey)
		resp, err := c.httpClient.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("tag failed")
}

func (c *Client) TagWithOptions(ctx context.Context, key string) error {
	o := reqOpts{headers: http.Header{"Idempotency-Key": {key}}}
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/v4/tags", nil)
		if err != nil {
			return err
		}
		o.apply(req)
		resp, err := c.httpClient.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("tag failed")
}

func (c *Client) TagSigned(ctx context.Context, key string) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/v4/tags", nil)
		if err != nil {
			return err
		}
		prepare(req, key)
		resp, err := c.httpClient.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("tag failed")
}

// Params whose header map gets a key in place.
func (c *Client) CreateKeyedInPlace(ctx context.Context, key string) error { // want CreateKeyedInPlace:`keyparams\[1\]`
	params := requestParams{Headers: http.Header{}}
	params.Headers.Set("Idempotency-Key", key)
	return c.doRequest(ctx, http.MethodPost, "linode/instances", params, nil)
}

func (c *Client) CreateKeyedByAlias(ctx context.Context, key string) error {
	params := requestParams{Headers: http.Header{}}
	h := params.Headers
	h["Idempotency-Key"] = []string{key}
	return c.doRequest(ctx, http.MethodPost, "linode/instances", params, nil)
}

// pick hands back the request it was given, or another one.
func pick(req, other *http.Request) *http.Request {
	if other != nil {
		return other
	}
	return req
}

// Quiet: the key set on what pick hands back may be set on req.
func (c *Client) TagPicked(ctx context.Context, key string, other *http.Request) error { // want TagPicked:`keyparams\[1\]`
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/v4/tags", nil)
		if err != nil {
			return err
		}
		r := pick(req, other)
		r.Header.Set("Idempotency-Key", key)
		resp, err := c.httpClient.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("tag failed")
}

// Quiet: applyAll runs the options its caller lists, one of which keys.
func (c *Client) TagThroughOptionList(ctx context.Context, key string) error { // want TagThroughOptionList:`keyparams\[1\]`
	setKey := func(r *http.Request) { r.Header.Set("Idempotency-Key", key) }
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/v4/tags", nil)
		if err != nil {
			return err
		}
		applyAll(req, setKey)
		resp, err := c.httpClient.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("tag failed")
}
