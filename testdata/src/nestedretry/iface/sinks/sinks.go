// want package:`wiring\(implemented nestedretry/iface/pipeline.Notifier.Close by \(\*sinks.Webhook\).Close, .*implemented nestedretry/iface/pipeline.Notifier.Notify by \(\*sinks.Logger\).Notify; 0 met\)`

// Package sinks plugs notifiers into the pipeline: a method the pipeline
// retries is an attempt of that retry, so a retrying client called in it is
// reported there.
package sinks

import (
	"context"
	"log"

	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/hashicorp/go-retryablehttp"

	"nestedretry/iface/pipeline"
)

// Webhook posts messages.
type Webhook struct {
	c   *retryablehttp.Client
	url string
}

var _ pipeline.Notifier = (*Webhook)(nil)

func (w *Webhook) Notify(ctx context.Context, m pipeline.Message) error { // want Notify:`reaches\(retryablehttp.Client.Post, the library default of 5 attempts\)`
	resp, err := w.c.Post(w.url, "text/plain", m.Text) // want `\(\*Webhook\).Notify is retried by \(\*pipeline.Stage\).Deliver \(a retry loop of up to 4 attempts\) and calls retryablehttp.Client.Post, which makes up to 5 attempts \(the library default\) itself: up to 20 calls in all; let one layer own the retries`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Flush is called once per round, and the round gives up when it fails.
func (w *Webhook) Flush(ctx context.Context) error { // want Flush:`reaches\(retryablehttp.Client.Get, the library default of 5 attempts\)`
	_, err := w.c.Get(w.url + "/flush")
	return err
}

func (w *Webhook) Ready(ctx context.Context) error { return nil }

// Close is not retried.
func (w *Webhook) Close() error { // want Close:`reaches\(retryablehttp.Client.Get, the library default of 5 attempts\)`
	_, err := w.c.Get(w.url + "/close")
	return err
}

// Archive stores messages in S3; the fix turns the SDK's retries off for
// the call.
type Archive struct{ c *s3.Client }

func (a *Archive) Notify(ctx context.Context, m pipeline.Message) error { // want Notify:`reaches\(s3.Client.PutObject, the library default of 3 attempts\)`
	_, err := a.c.PutObject(ctx, &s3.PutObjectInput{}) // want `\(\*Archive\).Notify is retried by \(\*pipeline.Stage\).Deliver \(a retry loop of up to 4 attempts\) and calls s3.Client.PutObject, which makes up to 3 attempts \(the library default\) itself: up to 12 calls in all`
	return err
}

func (a *Archive) Flush(ctx context.Context) error { return nil }
func (a *Archive) Ready(ctx context.Context) error { return nil }
func (a *Archive) Close() error                    { return nil }

// Logger logs a failed post and reports success: the pipeline never sees
// the failure, so it does not retry it.
type Logger struct{ c *retryablehttp.Client }

func (l *Logger) Notify(ctx context.Context, m pipeline.Message) error { // want Notify:`reaches\(retryablehttp.Client.Post, the library default of 5 attempts\)`
	if _, err := l.c.Post("http://log", "text/plain", m.Text); err != nil {
		log.Print(err)
	}
	return nil
}

func (l *Logger) Flush(ctx context.Context) error { return nil }
func (l *Logger) Ready(ctx context.Context) error { return nil }
func (l *Logger) Close() error                    { return nil }
