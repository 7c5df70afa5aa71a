// Package app retries an upload of another package, whose fact says what it
// hands back when its retries run out.
package app

import (
	"context"
	"errors"
	"time"

	"nestedretry/exhausted/upload"
)

// Push gives up on the part's run-out error.
func Push(ctx context.Context, b *upload.Blob) error { // want Push:`reaches\(\(\*upload.Blob\).PutPart, up to 6 attempts\)`
	var err error
	for try := range 4 {
		if err = b.PutPart(ctx); err == nil || errors.Is(err, upload.ErrMaxRetries) {
			return err
		}
		time.Sleep(time.Second << try)
	}
	return err
}

// PushAny goes around on it.
func PushAny(ctx context.Context, b *upload.Blob) error { // want PushAny:`reaches\(\(\*upload.Blob\).PutPart, up to 24 attempts\)`
	var err error
	for try := range 4 {
		if err = b.PutPart(ctx); err == nil { // want `retry loop of up to 4 attempts calls \(\*upload.Blob\).PutPart, which makes up to 6 attempts: up to 24 calls in all; let one layer own the retries`
			return nil
		}
		time.Sleep(time.Second << try)
	}
	return err
}
