// Package upload reduces ollama's blob upload: a part is sent again after a
// failure, and the loop that does so says when it has run out of attempts
// by wrapping a sentinel in the error it returns, on which the retry above
// it gives up.
package upload

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// ErrMaxRetries is wrapped in what a retry loop returns when its attempts
// run out.
var ErrMaxRetries = errors.New("max retries exceeded")

var errGone = errors.New("gone")

// Blob is uploaded in parts.
type Blob struct {
	HTTP *http.Client
	URL  string
}

func (b *Blob) put(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, b.URL, nil)
	if err != nil {
		return err
	}
	resp, err := b.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("put: %s", resp.Status)
	}
	return nil
}

// PutPart retries the part and wraps ErrMaxRetries in its last error, which
// the fact says.
func (b *Blob) PutPart(ctx context.Context) error { // want PutPart:`reaches\(retries, up to 6 attempts, runs out with wrapped nestedretry/exhausted/upload.ErrMaxRetries\)`
	var err error
	for try := range 6 {
		if err = b.put(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second << try)
	}
	return fmt.Errorf("%w: %w", ErrMaxRetries, err)
}

// putPartLabelled runs out the same way from a labelled loop.
func (b *Blob) putPartLabelled(ctx context.Context) error {
	var err error
attempts:
	for try := range 6 {
		switch err = b.put(ctx); {
		case err == nil:
			return nil
		default:
			time.Sleep(time.Second << try)
			continue attempts
		}
	}
	return ErrMaxRetries
}

// putPartPlain hands back the last failure as it is.
func (b *Blob) putPartPlain(ctx context.Context) error {
	var err error
	for try := range 6 {
		if err = b.put(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second << try)
	}
	return err
}

// putPartPrinted names the sentinel with %v, which wraps nothing.
func (b *Blob) putPartPrinted(ctx context.Context) error {
	var err error
	for try := range 6 {
		if err = b.put(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second << try)
	}
	return fmt.Errorf("%v: %w", ErrMaxRetries, err)
}

// Upload gives up on an exhausted part: its own attempts repeat a part
// whose first try failed, never one the part's loop gave up on.
func (b *Blob) Upload(ctx context.Context) error { // want Upload:`reaches\(retries, up to 6 attempts, gives up on nestedretry/exhausted/upload.ErrMaxRetries, runs out with wrapped nestedretry/exhausted/upload.ErrMaxRetries\)`
	var err error
	for try := range 6 {
		err = b.PutPart(ctx)
		switch {
		case errors.Is(err, context.Canceled):
			return err
		case errors.Is(err, ErrMaxRetries):
			return err
		case err != nil:
			time.Sleep(time.Second << try)
			continue
		}
		return nil
	}
	return fmt.Errorf("%w: %w", ErrMaxRetries, err)
}

// UploadAny goes around on every failure, an exhausted part's too.
func (b *Blob) UploadAny(ctx context.Context) error { // want UploadAny:`reaches\(\(\*upload.Blob\).PutPart, up to 36 attempts\)`
	var err error
	for try := range 6 {
		if err = b.PutPart(ctx); err == nil { // want `retry loop of up to 6 attempts calls \(\*Blob\).PutPart, which makes up to 6 attempts: up to 36 calls in all; let one layer own the retries`
			return nil
		}
		time.Sleep(time.Second << try)
	}
	return err
}

// UploadOther gives up on another sentinel than the one the part runs out
// with.
func (b *Blob) UploadOther(ctx context.Context) error { // want UploadOther:`reaches\(\(\*upload.Blob\).PutPart, up to 36 attempts\)`
	var err error
	for try := range 6 {
		err = b.PutPart(ctx) // want `retry loop of up to 6 attempts calls \(\*Blob\).PutPart, which makes up to 6 attempts: up to 36 calls in all; let one layer own the retries`
		if err == nil || errors.Is(err, errGone) {
			return err
		}
		time.Sleep(time.Second << try)
	}
	return err
}

// UploadCompared compares with ==, which a wrapped sentinel never equals.
func (b *Blob) UploadCompared(ctx context.Context) error { // want UploadCompared:`reaches\(\(\*upload.Blob\).PutPart, up to 36 attempts\)`
	var err error
	for try := range 6 {
		err = b.PutPart(ctx) // want `retry loop of up to 6 attempts calls \(\*Blob\).PutPart, which makes up to 6 attempts: up to 36 calls in all; let one layer own the retries`
		if err == nil || err == ErrMaxRetries {
			return err
		}
		time.Sleep(time.Second << try)
	}
	return err
}

// UploadLabelled compares with == a sentinel returned as it is.
func (b *Blob) UploadLabelled(ctx context.Context) error { // want UploadLabelled:`reaches\(retries, up to 6 attempts, gives up on nestedretry/exhausted/upload.ErrMaxRetries\)`
	var err error
	for try := range 6 {
		err = b.putPartLabelled(ctx)
		if err == nil || err == ErrMaxRetries {
			return err
		}
		time.Sleep(time.Second << try)
	}
	return err
}

// UploadPlain gives up on a sentinel the part never returns.
func (b *Blob) UploadPlain(ctx context.Context) error { // want UploadPlain:`reaches\(\(\*upload.Blob\).putPartPlain, up to 36 attempts\)`
	var err error
	for try := range 6 {
		err = b.putPartPlain(ctx) // want `retry loop of up to 6 attempts calls \(\*Blob\).putPartPlain, which makes up to 6 attempts: up to 36 calls in all; let one layer own the retries`
		if err == nil || errors.Is(err, ErrMaxRetries) {
			return err
		}
		time.Sleep(time.Second << try)
	}
	return err
}

// UploadPrinted gives up on a sentinel the part only prints.
func (b *Blob) UploadPrinted(ctx context.Context) error { // want UploadPrinted:`reaches\(\(\*upload.Blob\).putPartPrinted, up to 36 attempts\)`
	var err error
	for try := range 6 {
		err = b.putPartPrinted(ctx) // want `retry loop of up to 6 attempts calls \(\*Blob\).putPartPrinted, which makes up to 6 attempts: up to 36 calls in all; let one layer own the retries`
		if err == nil || errors.Is(err, ErrMaxRetries) {
			return err
		}
		time.Sleep(time.Second << try)
	}
	return err
}

// Redirected retries a part sent to a redirect by calling itself, as
// ollama's uploadPart does, and gives up on its own run-out error.
func (b *Blob) Redirected(ctx context.Context, redirect bool) error { // want Redirected:`reaches\(retries, up to 6 attempts, gives up on nestedretry/exhausted/upload.ErrMaxRetries, runs out with wrapped nestedretry/exhausted/upload.ErrMaxRetries\)`
	err := b.put(ctx)
	if err == nil || !redirect {
		return err
	}
	for try := range 6 {
		err = b.Redirected(ctx, false)
		switch {
		case errors.Is(err, ErrMaxRetries):
			return err
		case err != nil:
			time.Sleep(time.Second << try)
			continue
		}
		return nil
	}
	return fmt.Errorf("%w: %w", ErrMaxRetries, err)
}
