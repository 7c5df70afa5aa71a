// Package restuser retries calls of package restapi: the POSTs that
// restapi's functions send are reported at the calls in the retry attempts
// here, from restapi's facts.
package restuser

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"

	"unkeyedpost/restapi"
)

// withRetries runs op until it succeeds, at most attempts times.
func withRetries(attempts int, op func() error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * 500 * time.Millisecond)
	}
	return err
}

type uploader struct {
	api *restapi.Client
}

func (u *uploader) start(ctx context.Context, name string) error {
	opts := restapi.Opts{Method: "POST", Path: "/uploads", Body: strings.NewReader(name)}
	return withRetries(5, func() error {
		resp, err := u.api.Call(ctx, &opts) // want `POST sent by restapi.\(\*Client\).Call is retried by a retry call \(up to 5 attempts\) without an Idempotency-Key`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func (u *uploader) startNamed(ctx context.Context, name string) error {
	return withRetries(3, func() error {
		resp, err := u.api.CreateUpload(ctx, name) // want `POST sent by restapi.\(\*Client\).CreateUpload \(through restapi.\(\*Client\).Call\) is retried by a retry call \(up to 3 attempts\)`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func (u *uploader) comment(ctx context.Context, id, text string) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if err = u.api.PostJSON(ctx, "/uploads/"+id+"/comments", map[string]string{"text": text}); err == nil { // want `POST sent by restapi.\(\*Client\).PostJSON \(through restapi.\(\*Client\).Send\) is retried by a retry loop \(up to 4 attempts\)`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func (u *uploader) rename(ctx context.Context, id, name string) error {
	return withRetries(2, func() error {
		return u.api.Send(ctx, http.MethodPatch, "/uploads/"+id, []byte(name)) // want `PATCH sent by restapi.\(\*Client\).Send is retried by a retry call \(up to 2 attempts\)`
	})
}

// The request is built once here and sent again by restapi's Do.
func (u *uploader) finish(ctx context.Context, id string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/uploads/"+id+"/finish", nil) // want `POST is retried by a retry loop in restapi.\(\*Client\).Do \(up to 3 attempts\) without an Idempotency-Key`
	if err != nil {
		return err
	}
	resp, err := u.api.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// --- quiet ---

// A key made once, in the headers.
func (u *uploader) startKeyed(ctx context.Context, name string) error {
	key := uuid.NewString()
	return withRetries(5, func() error {
		resp, err := u.api.Call(ctx, &restapi.Opts{Method: "POST", Path: "/uploads", ExtraHeaders: map[string]string{"Idempotency-Key": key}})
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// A GET, and a PUT.
func (u *uploader) status(ctx context.Context, id string) error {
	return withRetries(5, func() error {
		resp, err := u.api.Get(ctx, "/uploads/"+id)
		if err != nil {
			return err
		}
		resp.Body.Close()
		return u.api.Send(ctx, http.MethodPut, "/uploads/"+id+"/seen", nil)
	})
}

// Sent once.
func (u *uploader) commentOnce(ctx context.Context, id, text string) error {
	return u.api.PostJSON(ctx, "/uploads/"+id+"/comments", text)
}

// A GET handed to Do.
func (u *uploader) fetch(ctx context.Context, id string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example/uploads/"+id, nil)
	if err != nil {
		return err
	}
	resp, err := u.api.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
