package redis

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9/internal/proto"
)

// Nil is redis.go's Nil: the reply to a missing key.
const Nil = proto.Nil

// TxFailedErr is tx.go's TxFailedErr: a WATCHed key changed.
const TxFailedErr = proto.RedisError("redis: transaction failed")

// Cmdable is commands.go's Cmdable (the commands the stub has).
type Cmdable interface {
	Get(ctx context.Context, key string) *StringCmd
	Set(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd
	Incr(ctx context.Context, key string) *IntCmd
	Del(ctx context.Context, keys ...string) *IntCmd
}

// UniversalOptions is universal.go's UniversalOptions (some fields).
type UniversalOptions struct {
	Addrs         []string
	MaxRetries    int
	MaxRedirects  int
	MasterName    string
	IsClusterMode bool
}

// UniversalClient is universal.go's UniversalClient (some methods).
type UniversalClient interface {
	Cmdable
	Do(ctx context.Context, args ...interface{}) *Cmd
	Close() error
}

var (
	_ UniversalClient = (*Client)(nil)
	_ UniversalClient = (*ClusterClient)(nil)
	_ UniversalClient = (*Ring)(nil)
)

// NewUniversalClient is universal.go's NewUniversalClient: a cluster client
// for several addresses, else a simple client (the sentinel cases left out).
func NewUniversalClient(opts *UniversalOptions) UniversalClient {
	if len(opts.Addrs) > 1 || opts.IsClusterMode {
		return NewClusterClient(&ClusterOptions{Addrs: opts.Addrs, MaxRedirects: opts.MaxRedirects, MaxRetries: opts.MaxRetries})
	}
	return NewClient(&Options{MaxRetries: opts.MaxRetries})
}
