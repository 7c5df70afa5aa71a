// Package use calls the depth-2 runners of package top: the closure or
// function handed to them is the attempt, with base's bound.
package use

import (
	"context"

	"retrysite/chain/base"
	"retrysite/chain/top"
)

func save() error { return nil }

func load() (string, error) { return "", nil }

func calls(ctx context.Context, c *top.Client) {
	_ = c.Call(ctx, func() error { return save() }) // want `retry call, up to 5 attempts, no wait, runner Call`
	_ = c.Call(ctx, save)                           // want `retry call, up to 5 attempts, no wait, runner Call, op save`
	_, _ = top.Fetch(ctx, load)                     // want `retry call, up to 4 attempts, no wait, runner Fetch, op load`
	var r base.Retrier[string]
	_, _ = r.Do(load) // want `retry call, up to 3 attempts, no wait, runner Do, op load`
}
