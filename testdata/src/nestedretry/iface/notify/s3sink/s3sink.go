// want package:`wiring\(implemented nestedretry/iface/notify.Notifier.Notify by \(\*s3sink.Notifier\).Notify, implemented nestedretry/iface/notify.Notifier.Notify by \(\*s3sink.Built\).Notify, implemented nestedretry/iface/notify.Notifier.Ping by \(\*s3sink.Notifier\).Ping; 0 met\)`

// Package s3sink plugs a notifier into notify whose Notify calls an
// aws-sdk-go-v2 client (alertmanager's SNS notifier calls sns.Client's
// Publish; s3's PutObject retries alike).
package s3sink

import (
	"context"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"nestedretry/iface/notify"
)

// Notifier publishes messages.
type Notifier struct{ c *s3.Client }

var _ notify.Notifier = (*Notifier)(nil)

func (n *Notifier) Notify(ctx context.Context, msg ...string) (bool, error) { // want Notify:`reaches\(s3.Client.PutObject, the library default of 3 attempts\)`
	_, err := n.c.PutObject(ctx, &s3.PutObjectInput{}) // want `\(\*Notifier\).Notify is retried by \(notify.RetryStage\).Exec \(a retry loop of unbounded attempts\) and calls s3.Client.PutObject, which makes up to 3 attempts \(the library default\) itself: unbounded calls in all`
	if err != nil {
		return true, err
	}
	return false, nil
}

// Ping's failure is swallowed by the integration: no layer around it.
func (n *Notifier) Ping(ctx context.Context) error { // want Ping:`reaches\(s3.Client.PutObject, the library default of 3 attempts\)`
	_, err := n.c.PutObject(ctx, &s3.PutObjectInput{})
	return err
}

// Built is alertmanager's SNS notifier: each Notify builds its client from
// options appended to a slice, none of which touches the retries.
type Built struct {
	region, profile string
}

func (b *Built) client(ctx context.Context) (*s3.Client, error) {
	base := []func(*awsconfig.LoadOptions) error{
		awsconfig.WithRegion(b.region),
	}
	if b.profile != "" {
		base = append(base, awsconfig.WithRegion(b.profile))
	}
	opts := base
	cfg, err := awsconfig.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return nil, err
	}
	return s3.NewFromConfig(cfg), nil
}

func (b *Built) Notify(ctx context.Context, msg ...string) (bool, error) { // want Notify:`reaches\(s3.Client.PutObject, the library default of 3 attempts\)`
	c, err := b.client(ctx)
	if err != nil {
		return false, err
	}
	_, err = c.PutObject(ctx, &s3.PutObjectInput{}) // want `\(\*Built\).Notify is retried by \(notify.RetryStage\).Exec \(a retry loop of unbounded attempts\) and calls s3.Client.PutObject, which makes up to 3 attempts \(the library default\) itself: unbounded calls in all`
	return err != nil, err
}

func (b *Built) Ping(ctx context.Context) error { return nil }

// Single's options slice turns the SDK's retries off.
type Single struct{ region string }

func (s *Single) Notify(ctx context.Context, msg ...string) (bool, error) {
	opts := []func(*awsconfig.LoadOptions) error{awsconfig.WithRegion(s.region)}
	opts = append(opts, awsconfig.WithRetryMaxAttempts(1))
	cfg, err := awsconfig.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return false, err
	}
	_, err = s3.NewFromConfig(cfg).PutObject(ctx, &s3.PutObjectInput{})
	return err != nil, err
}

func (s *Single) Ping(ctx context.Context) error { return nil }
