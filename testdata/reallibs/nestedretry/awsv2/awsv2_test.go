package awsv2

import (
	"context"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// A test waiting for a fixture: not reported.
func TestWaitForObject(t *testing.T) {
	var c *s3.Client
	ctx := context.Background()
	for i := 0; i < 10; i++ {
		if _, err := c.GetObject(ctx, &s3.GetObjectInput{}); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
	t.Fatal("no object")
}
