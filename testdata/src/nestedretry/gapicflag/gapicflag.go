// Package gapicflag calls a GAPIC method its users know to retry by
// default, declared with -clients.
package gapicflag

import (
	"context"
	"errors"
	"time"

	"nestedretry/gapic/pb"
)

func access(ctx context.Context, c *pb.Client) error {
	for i := 0; i < 3; i++ {
		if _, err := c.AccessSecretVersion(ctx, &pb.AccessSecretVersionRequest{Name: "n"}); err == nil { // want `retry loop of up to 3 attempts calls pb.Client.AccessSecretVersion, which makes up to 5 attempts itself: up to 15 calls in all`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("give up")
}
