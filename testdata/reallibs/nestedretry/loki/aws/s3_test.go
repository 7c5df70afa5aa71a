package aws

import (
	"context"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// mockS3 is a test double: a value it gives the fields is no production
// value, so the loops above still call retrying clients.
type mockS3 struct{ s3Interface }

func (m *mockS3) GetObject(ctx context.Context, params *s3.GetObjectInput, optFns ...func(*s3.Options)) (*s3.GetObjectOutput, error) {
	return &s3.GetObjectOutput{}, nil
}

func TestGetObject(t *testing.T) {
	c := &S3ObjectClient{S3: &mockS3{}, hedgedS3: &mockS3{}}
	if _, err := c.GetObject(context.Background(), "k"); err != nil {
		t.Fatal(err)
	}
}
