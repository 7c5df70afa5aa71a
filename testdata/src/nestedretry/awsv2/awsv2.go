// Package awsv2 holds retry loops around aws-sdk-go-v2 calls.
package awsv2

import (
	"context"
	"errors"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

var errGiveUp = errors.New("give up")

// A client of unknown configuration: the SDK's default of 3 attempts.
func upload(ctx context.Context, c *s3.Client, in *s3.PutObjectInput) error {
	for i := 0; i < 5; i++ {
		_, err := c.PutObject(ctx, in) // want `retry loop of up to 5 attempts calls s3.Client.PutObject, which makes up to 3 attempts \(the library default\) itself: up to 15 calls in all; let one layer own the retries`
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// DynamoDB makes 4 attempts by default.
func readItem(ctx context.Context, db *dynamodb.Client) error {
	for attempt := 1; attempt <= 3; attempt++ {
		if _, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("t")}); err == nil { // want `retry loop of up to 3 attempts calls dynamodb.Client.GetItem, which makes up to 4 attempts \(the library default\) itself: up to 12 calls in all`
			return nil
		}
	}
	return errGiveUp
}

// RetryMaxAttempts = 0 means "the default", not "off".
func zeroIsDefault(ctx context.Context, c *s3.Client, in *s3.PutObjectInput) error {
	for i := 0; i < 2; i++ {
		if _, err := c.PutObject(ctx, in, func(o *s3.Options) { o.RetryMaxAttempts = 0 }); err == nil { // want `calls s3.Client.PutObject, which makes up to 3 attempts \(the library default\) itself: up to 6 calls`
			return nil
		}
	}
	return errGiveUp
}

// An option that raises the attempts is reported with its figure.
func raised(ctx context.Context, in *s3.PutObjectInput) error {
	cfg, err := config.LoadDefaultConfig(ctx, config.WithRegion("eu-west-1"), config.WithRetryMaxAttempts(10))
	if err != nil {
		return err
	}
	c := s3.NewFromConfig(cfg)
	for i := 0; i < 3; i++ {
		if _, err := c.PutObject(ctx, in); err == nil { // want `calls s3.Client.PutObject, which makes up to 10 attempts itself: up to 30 calls in all`
			return nil
		}
	}
	return errGiveUp
}

// --- the SDK's retries visibly turned off: not reported ---

func perCallOff(ctx context.Context, c *s3.Client, in *s3.PutObjectInput) error {
	for i := 0; i < 5; i++ {
		if _, err := c.PutObject(ctx, in, func(o *s3.Options) { o.RetryMaxAttempts = 1 }); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

func perCallNop(ctx context.Context, c *s3.Client, in *s3.PutObjectInput) error {
	for i := 0; i < 5; i++ {
		if _, err := c.PutObject(ctx, in, func(o *s3.Options) { o.Retryer = aws.NopRetryer{} }); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

func configOff(ctx context.Context, in *s3.PutObjectInput) error {
	cfg, err := config.LoadDefaultConfig(ctx, config.WithRetryMaxAttempts(1))
	if err != nil {
		return err
	}
	c := s3.NewFromConfig(cfg)
	for i := 0; i < 5; i++ {
		if _, err := c.PutObject(ctx, in); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

func configNop(ctx context.Context, in *s3.PutObjectInput) error {
	cfg, err := config.LoadDefaultConfig(ctx, config.WithRetryer(func() aws.Retryer { return aws.NopRetryer{} }))
	if err != nil {
		return err
	}
	c := s3.NewFromConfig(cfg)
	for i := 0; i < 5; i++ {
		if _, err := c.PutObject(ctx, in); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

func addWithMaxAttempts(ctx context.Context, cfg aws.Config, in *dynamodb.PutItemInput) error {
	db := dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) {
		o.Retryer = retry.AddWithMaxAttempts(retry.NewStandard(), 1)
	})
	for i := 0; i < 5; i++ {
		if _, err := db.PutItem(ctx, in); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

func newOptionsOff(ctx context.Context, in *s3.GetObjectInput) error {
	c := s3.New(s3.Options{Region: "eu-west-1", RetryMaxAttempts: 1})
	for i := 0; i < 5; i++ {
		if _, err := c.GetObject(ctx, in); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// newQuietClient is a constructor that turns the retries off (a ClientFact).
func newQuietClient(cfg aws.Config) *s3.Client {
	return s3.NewFromConfig(cfg, func(o *s3.Options) { o.RetryMaxAttempts = 1 })
}

func fromConstructor(ctx context.Context, cfg aws.Config, in *s3.GetObjectInput) error {
	c := newQuietClient(cfg)
	for i := 0; i < 5; i++ {
		if _, err := c.GetObject(ctx, in); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// A retryer the analysis cannot read: stay quiet.
func opaque(ctx context.Context, c *s3.Client, in *s3.PutObjectInput, r aws.Retryer) error {
	for i := 0; i < 5; i++ {
		if _, err := c.PutObject(ctx, in, func(o *s3.Options) { o.Retryer = r }); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// --- SDK calls that are not inside an attempt: not reported ---

func outside(ctx context.Context, c *s3.Client, in *s3.PutObjectInput) error {
	if _, err := c.PutObject(ctx, in); err != nil { // before the loop
		return err
	}
	var err error
	for i := 0; i < 3; i++ {
		if err = ping(); err == nil {
			break
		}
		time.Sleep(time.Second)
	}
	_, _ = c.GetObject(ctx, &s3.GetObjectInput{}) // after it
	return err
}

func ping() error { return nil }

// A loop over items calls the SDK once per item.
func perItem(ctx context.Context, c *s3.Client, ins []*s3.PutObjectInput) error {
	for _, in := range ins {
		if _, err := c.PutObject(ctx, in); err != nil {
			return err
		}
	}
	return nil
}

// --- clients held in struct fields: judged by what the package stores there ---

// Uploader holds a client whose retries its constructor turns off.
type Uploader struct {
	s3 *s3.Client
}

// NewUploader is the only place that sets Uploader.s3.
func NewUploader(cfg aws.Config) *Uploader {
	return &Uploader{s3: s3.NewFromConfig(cfg, func(o *s3.Options) { o.Retryer = aws.NopRetryer{} })}
}

func (u *Uploader) upload(ctx context.Context, in *s3.PutObjectInput) error {
	for i := 0; i < 5; i++ {
		if _, err := u.s3.PutObject(ctx, in); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// Reader holds a client with the default retries.
type Reader struct {
	db *dynamodb.Client
}

// NewReader sets Reader.db.
func NewReader(cfg aws.Config) *Reader {
	r := &Reader{}
	r.db = dynamodb.NewFromConfig(cfg)
	return r
}

func (r *Reader) read(ctx context.Context, in *dynamodb.GetItemInput) error {
	for i := 0; i < 2; i++ {
		if _, err := r.db.GetItem(ctx, in); err == nil { // want `retry loop of up to 2 attempts calls dynamodb.Client.GetItem, which makes up to 4 attempts \(the library default\) itself: up to 8 calls`
			return nil
		}
	}
	return errGiveUp
}

// --- an aws.Config that a function of the package loads and returns ---

// loadConfig builds the load options, retryer included, and returns the
// config, or a zero one beside an error (lego's createAWSConfig).
func loadConfig(ctx context.Context, attempts int) (aws.Config, error) {
	opts := []func(*config.LoadOptions) error{
		config.WithRetryer(func() aws.Retryer {
			return retry.NewStandard(func(o *retry.StandardOptions) { o.MaxAttempts = attempts })
		}),
	}
	opts = append(opts, config.WithRegion("eu-west-1"))
	cfg, err := config.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return aws.Config{}, err
	}
	return cfg, nil
}

// The count comes from the caller: the configuration cannot be read, so
// nothing is said about it.
func loadedByHelper(ctx context.Context, in *s3.PutObjectInput, attempts int) error {
	cfg, err := loadConfig(ctx, attempts)
	if err != nil {
		return err
	}
	c := s3.NewFromConfig(cfg)
	for i := 0; i < 3; i++ {
		if _, err := c.PutObject(ctx, in); err == nil {
			return nil
		}
	}
	return errGiveUp
}

func loadRaised(ctx context.Context) (aws.Config, error) {
	return config.LoadDefaultConfig(ctx, config.WithRetryMaxAttempts(7))
}

// A helper that raises the count: its figure is the one said.
func raisedByHelper(ctx context.Context, in *s3.PutObjectInput) error {
	cfg, err := loadRaised(ctx)
	if err != nil {
		return err
	}
	c := s3.NewFromConfig(cfg)
	for i := 0; i < 2; i++ {
		if _, err := c.PutObject(ctx, in); err == nil { // want `calls s3.Client.PutObject, which makes up to 7 attempts itself: up to 14 calls in all`
			return nil
		}
	}
	return errGiveUp
}

func loadOff(ctx context.Context) (aws.Config, error) {
	cfg, err := config.LoadDefaultConfig(ctx, config.WithRetryMaxAttempts(1))
	if err != nil {
		return aws.Config{}, err
	}
	return cfg, nil
}

// A helper that turns the SDK's retries off: quiet.
func offByHelper(ctx context.Context, in *s3.PutObjectInput) error {
	cfg, err := loadOff(ctx)
	if err != nil {
		return err
	}
	c := s3.NewFromConfig(cfg)
	for i := 0; i < 5; i++ {
		if _, err := c.PutObject(ctx, in); err == nil {
			return nil
		}
	}
	return errGiveUp
}

func loadPtr(ctx context.Context) (*aws.Config, error) {
	cfg, err := config.LoadDefaultConfig(ctx, config.WithRetryMaxAttempts(7))
	if err != nil {
		return nil, err
	}
	return &cfg, nil
}

// A helper that hands back a pointer, nil beside an error: the config it
// loads is the one said.
func raisedByPointer(ctx context.Context, in *s3.PutObjectInput) error {
	cfg, err := loadPtr(ctx)
	if err != nil {
		return err
	}
	c := s3.NewFromConfig(*cfg)
	for i := 0; i < 2; i++ {
		if _, err := c.PutObject(ctx, in); err == nil { // want `calls s3.Client.PutObject, which makes up to 7 attempts itself: up to 14 calls in all`
			return nil
		}
	}
	return errGiveUp
}
