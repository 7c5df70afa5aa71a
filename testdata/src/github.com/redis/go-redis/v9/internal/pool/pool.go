// Package pool is a stub of github.com/redis/go-redis/v9/internal/pool
// v9.23.0 (pool.go): the connection pool's probe that redials after dials
// have failed, with its real body (nojitter's InsideSDK case).
package pool

import (
	"context"
	"net"
	"sync/atomic"
	"time"
)

// Options is pool.go's Options (some fields).
type Options struct {
	Dialer      func(context.Context) (net.Conn, error)
	DialTimeout time.Duration
}

// ConnPool is pool.go's ConnPool (some fields).
type ConnPool struct {
	cfg *Options

	dialErrorsNum atomic.Uint32
	lastDialError atomic.Value
	closedFlag    atomic.Bool
}

type lastDialErrorWrap struct{ err error }

func (p *ConnPool) tryDial() {
	for {
		if p.closed() {
			return
		}

		ctx := context.Background()
		var cancel context.CancelFunc
		if p.cfg.DialTimeout > 0 {
			ctx, cancel = context.WithTimeout(ctx, p.cfg.DialTimeout)
		}

		conn, err := p.cfg.Dialer(ctx)
		if cancel != nil {
			cancel()
		}
		if err != nil {
			p.setLastDialError(err)
			time.Sleep(time.Second) // want `retry loop waits a fixed 1s between attempts`
			continue
		}

		p.dialErrorsNum.Store(0)
		_ = conn.Close()
		return
	}
}

func (p *ConnPool) setLastDialError(err error) {
	p.lastDialError.Store(&lastDialErrorWrap{err: err})
}

func (p *ConnPool) closed() bool { return p.closedFlag.Load() }
