// Package app calls the internal SDK declared with -clients.
package app

import (
	"context"
	"time"

	"nestedretry/own/sdk"
)

func send(ctx context.Context, c *sdk.Client) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = c.Send(ctx, "hi"); err == nil { // want `retry loop of up to 4 attempts calls sdk.Client.Send, which makes up to 3 attempts itself: up to 12 calls in all`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func publish(ctx context.Context) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = sdk.Publish(ctx, "t"); err == nil { // want `calls sdk.Publish, which makes up to 2 attempts itself: up to 8 calls`
			return nil
		}
	}
	return err
}

// Close is not declared: not reported.
func closeIt(c *sdk.Client) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = c.Close(); err == nil {
			return nil
		}
	}
	return err
}
