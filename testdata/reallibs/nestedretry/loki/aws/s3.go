// Package aws reduces loki's S3 object client
// (pkg/storage/chunk/client/aws/s3_storage_client.go at 65e30f8): dskit
// backoff loops retrying an aws-sdk-go-v2 client held in a field of an
// interface type, built with an option function a helper returns. The same
// case as testdata/src/nestedretry/loki, against the real aws-sdk-go-v2 and
// grafana/dskit.
package aws

import (
	"context"
	"errors"
	"io"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v2config "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/grafana/dskit/backoff"

	"example.com/reallibs/nestedretry/loki/instrument"
)

type s3Getter interface {
	GetObject(ctx context.Context, params *s3.GetObjectInput, optFns ...func(*s3.Options)) (*s3.GetObjectOutput, error) // want GetObject:`retried\(by \(\*aws.mixed\).get, retry loop of an unknown number of attempts\)`
}

type s3Putter interface {
	PutObject(ctx context.Context, params *s3.PutObjectInput, optFns ...func(*s3.Options)) (*s3.PutObjectOutput, error) // want PutObject:`retried\(by \(\*aws.S3ObjectClient\).PutObject, retry loop of an unknown number of attempts\)`
}

type s3Interface interface {
	s3Getter
	s3Putter
}

type S3Config struct {
	Region        string
	BackoffConfig backoff.Config
}

type S3ObjectClient struct {
	cfg      S3Config
	S3       s3Interface
	hedgedS3 s3Interface
}

func NewS3ObjectClient(cfg S3Config) (*S3ObjectClient, error) {
	s3Client, err := buildS3Client(cfg)
	if err != nil {
		return nil, err
	}
	s3ClientHedging, err := buildS3Client(cfg)
	if err != nil {
		return nil, err
	}
	client := S3ObjectClient{
		cfg:      cfg,
		S3:       s3Client,
		hedgedS3: s3ClientHedging,
	}
	return &client, nil
}

func buildS3Client(cfg S3Config) (*s3.Client, error) {
	awsCfg, err := v2config.LoadDefaultConfig(context.Background())
	if err != nil {
		return nil, err
	}
	fn, err := s3ClientConfigFunc(cfg)
	if err != nil {
		return nil, err
	}
	return s3.NewFromConfig(awsCfg, fn), nil
}

func s3ClientConfigFunc(cfg S3Config) (func(*s3.Options), error) {
	if cfg.Region == "" {
		return nil, errors.New("no region")
	}
	return func(opts *s3.Options) {
		opts.Region = cfg.Region
		opts.RetryMaxAttempts = 0 // "We do our own retries": 0 is the SDK's default of 3, not off
	}, nil
}

func observe(string, time.Duration) {}

// GetObject is loki's: the failed call's error leaves the callback through
// lastErr, and the loop goes around on it.
func (a *S3ObjectClient) GetObject(ctx context.Context, objectKey string) (io.ReadCloser, error) { // want GetObject:`reaches\(retries, an unknown number of attempts\)`
	var resp *s3.GetObjectOutput
	lastErr := ctx.Err()
	retries := backoff.New(ctx, a.cfg.BackoffConfig)
	for retries.Ongoing() {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		lastErr = instrument.TimeRequest(ctx, "S3.GetObject", observe, func(ctx context.Context) error {
			var requestErr error
			resp, requestErr = a.hedgedS3.GetObject(ctx, &s3.GetObjectInput{Key: aws.String(objectKey)}) // want `retry loop of an unknown number of attempts calls s3Interface.GetObject -> s3.Client.GetObject, which makes up to 3 attempts \(the library default\) itself`
			return requestErr
		})
		if lastErr == nil && resp.Body != nil {
			return resp.Body, nil
		}
		retries.Wait()
	}
	return nil, lastErr
}

// PutObject through the exported field S3, which the package sets only to
// clients it built.
func (a *S3ObjectClient) PutObject(ctx context.Context, objectKey string, body io.Reader) error { // want PutObject:`reaches\(retries, an unknown number of attempts\)`
	retries := backoff.New(ctx, a.cfg.BackoffConfig)
	var lastErr error
	for retries.Ongoing() {
		_, lastErr = a.S3.PutObject(ctx, &s3.PutObjectInput{Key: aws.String(objectKey), Body: body}) // want `retry loop of an unknown number of attempts calls s3Interface.PutObject -> s3.Client.PutObject, which makes up to 3 attempts \(the library default\) itself: up to 3 calls for each of its attempts`
		if lastErr == nil {
			return nil
		}
		retries.Wait()
	}
	return lastErr
}

// memStore is an in-memory s3Getter: a field that may hold it does not
// always retry.
type memStore struct {
	objects map[string]*s3.GetObjectOutput
}

func (m *memStore) GetObject(ctx context.Context, params *s3.GetObjectInput, optFns ...func(*s3.Options)) (*s3.GetObjectOutput, error) {
	if o, ok := m.objects[*params.Key]; ok {
		return o, nil
	}
	return nil, errors.New("not found")
}

type mixed struct {
	cfg    S3Config
	getter s3Getter
}

func newMixed(cfg S3Config, inMemory bool) (*mixed, error) {
	if inMemory {
		return &mixed{cfg: cfg, getter: &memStore{}}, nil
	}
	c, err := buildS3Client(cfg)
	if err != nil {
		return nil, err
	}
	return &mixed{cfg: cfg, getter: c}, nil
}

func (m *mixed) get(ctx context.Context, key string) (*s3.GetObjectOutput, error) {
	retries := backoff.New(ctx, m.cfg.BackoffConfig)
	var lastErr error
	for retries.Ongoing() {
		out, err := m.getter.GetObject(ctx, &s3.GetObjectInput{Key: aws.String(key)})
		if err == nil {
			return out, nil
		}
		lastErr = err
		retries.Wait()
	}
	return nil, lastErr
}

// passedIn's getter comes from its caller: out of sight.
type passedIn struct {
	cfg    S3Config
	getter s3Getter
}

func newPassedIn(cfg S3Config, g s3Getter) *passedIn { return &passedIn{cfg: cfg, getter: g} }

func (p *passedIn) get(ctx context.Context, key string) (*s3.GetObjectOutput, error) {
	retries := backoff.New(ctx, p.cfg.BackoffConfig)
	var lastErr error
	for retries.Ongoing() {
		out, err := p.getter.GetObject(ctx, &s3.GetObjectInput{Key: aws.String(key)})
		if err == nil {
			return out, nil
		}
		lastErr = err
		retries.Wait()
	}
	return nil, lastErr
}

// single's client makes one attempt: the option function a helper returns
// sets RetryMaxAttempts to 1.
type single struct {
	cfg    S3Config
	getter s3Getter
}

func newSingle(cfg S3Config) (*single, error) {
	awsCfg, err := v2config.LoadDefaultConfig(context.Background())
	if err != nil {
		return nil, err
	}
	return &single{cfg: cfg, getter: s3.NewFromConfig(awsCfg, oneAttempt())}, nil
}

func oneAttempt() func(*s3.Options) {
	return func(opts *s3.Options) { opts.RetryMaxAttempts = 1 }
}

func (s *single) get(ctx context.Context, key string) (*s3.GetObjectOutput, error) {
	retries := backoff.New(ctx, s.cfg.BackoffConfig)
	var lastErr error
	for retries.Ongoing() {
		out, err := s.getter.GetObject(ctx, &s3.GetObjectInput{Key: aws.String(key)})
		if err == nil {
			return out, nil
		}
		lastErr = err
		retries.Wait()
	}
	return nil, lastErr
}

type cached struct {
	cfg    S3Config
	getter s3Getter
	last   *s3.GetObjectOutput
}

func newCached(cfg S3Config) (*cached, error) {
	c, err := buildS3Client(cfg)
	if err != nil {
		return nil, err
	}
	return &cached{cfg: cfg, getter: c}, nil
}

// A success that leaves only when a value the attempt did not give is set
// may go around after it succeeded: a poll, not a retry.
func (c *cached) get(ctx context.Context, key string) {
	retries := backoff.New(ctx, c.cfg.BackoffConfig)
	for retries.Ongoing() {
		_, err := c.getter.GetObject(ctx, &s3.GetObjectInput{Key: aws.String(key)})
		if err == nil && c.last != nil {
			return
		}
		retries.Wait()
	}
}
