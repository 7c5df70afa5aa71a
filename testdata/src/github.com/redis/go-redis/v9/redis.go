// Package redis is a stub of github.com/redis/go-redis/v9 v9.23.0: only the API
// surface retrylint's tests use, with the real signatures and the real shape
// (commands are methods of the unexported cmdable that the clients embed).
package redis

import (
	"context"
	"time"
)

// Options is options.go's Options (some fields).
type Options struct {
	Addr       string
	MaxRetries int // 0 means 3 retries; -1 turns retries off
}

// ClusterOptions is osscluster.go's ClusterOptions (some fields).
type ClusterOptions struct {
	Addrs        []string
	MaxRedirects int // 0 means 3; -1 turns the cluster's retries off
	MaxRetries   int
}

// RingOptions is ring.go's RingOptions (some fields).
type RingOptions struct {
	Addrs      map[string]string
	MaxRetries int
}

// Cmder is command.go's Cmder (exported methods only).
type Cmder interface {
	Name() string
	FullName() string
	Args() []interface{}
	String() string
	Err() error
}

type baseCmd struct {
	args []interface{}
	err  error
}

func (cmd *baseCmd) Name() string        { return "" }
func (cmd *baseCmd) FullName() string    { return "" }
func (cmd *baseCmd) Args() []interface{} { return cmd.args }
func (cmd *baseCmd) String() string      { return "" }
func (cmd *baseCmd) Err() error          { return cmd.err }

// Cmd is command.go's Cmd.
type Cmd struct {
	baseCmd
	val interface{}
}

func (cmd *Cmd) Val() interface{}             { return cmd.val }
func (cmd *Cmd) Result() (interface{}, error) { return cmd.val, cmd.err }

// StatusCmd is command.go's StatusCmd.
type StatusCmd struct {
	baseCmd
	val string
}

func (cmd *StatusCmd) Val() string             { return cmd.val }
func (cmd *StatusCmd) Result() (string, error) { return cmd.val, cmd.err }

// IntCmd is command.go's IntCmd.
type IntCmd struct {
	baseCmd
	val int64
}

func (cmd *IntCmd) Val() int64             { return cmd.val }
func (cmd *IntCmd) Result() (int64, error) { return cmd.val, cmd.err }

// StringCmd is command.go's StringCmd.
type StringCmd struct {
	baseCmd
	val string
}

func (cmd *StringCmd) Val() string             { return cmd.val }
func (cmd *StringCmd) Result() (string, error) { return cmd.val, cmd.err }

type cmdable func(ctx context.Context, cmd Cmder) error

// Get is string_commands.go's Get.
func (c cmdable) Get(ctx context.Context, key string) *StringCmd {
	cmd := &StringCmd{}
	cmd.err = c(ctx, cmd)
	return cmd
}

// Set is string_commands.go's Set.
func (c cmdable) Set(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd {
	cmd := &StatusCmd{}
	cmd.err = c(ctx, cmd)
	return cmd
}

// Incr is string_commands.go's Incr.
func (c cmdable) Incr(ctx context.Context, key string) *IntCmd {
	cmd := &IntCmd{}
	cmd.err = c(ctx, cmd)
	return cmd
}

// Del is generic_commands.go's Del.
func (c cmdable) Del(ctx context.Context, keys ...string) *IntCmd {
	cmd := &IntCmd{}
	cmd.err = c(ctx, cmd)
	return cmd
}

// Do is commands.go's Do.
func (c cmdable) Do(ctx context.Context, args ...interface{}) *Cmd {
	cmd := &Cmd{baseCmd: baseCmd{args: args}}
	cmd.err = c(ctx, cmd)
	return cmd
}

type baseClient struct{ opt *Options }

func (c *baseClient) process(ctx context.Context, cmd Cmder) error { return ctx.Err() }

// Client is redis.go's Client.
type Client struct {
	*baseClient
	cmdable
}

// NewClient is redis.go's NewClient.
func NewClient(opt *Options) *Client {
	c := &Client{baseClient: &baseClient{opt: opt}}
	c.cmdable = c.baseClient.process
	return c
}

// Close is redis.go's (*Client).Close.
func (c *Client) Close() error { return nil }

// ClusterClient is osscluster.go's ClusterClient.
type ClusterClient struct {
	opt *ClusterOptions
	cmdable
}

// NewClusterClient is osscluster.go's NewClusterClient.
func NewClusterClient(opt *ClusterOptions) *ClusterClient {
	c := &ClusterClient{opt: opt}
	c.cmdable = func(ctx context.Context, cmd Cmder) error { return ctx.Err() }
	return c
}

// Close is osscluster.go's (*ClusterClient).Close.
func (c *ClusterClient) Close() error { return nil }

// Ring is ring.go's Ring.
type Ring struct {
	cmdable
	opt *RingOptions
}

// NewRing is ring.go's NewRing.
func NewRing(opt *RingOptions) *Ring {
	c := &Ring{opt: opt}
	c.cmdable = func(ctx context.Context, cmd Cmder) error { return ctx.Err() }
	return c
}

// Close is ring.go's (*Ring).Close.
func (c *Ring) Close() error { return nil }
