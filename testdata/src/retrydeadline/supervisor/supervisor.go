// Package supervisor holds connection supervisors, loops that connect, serve
// the connection until it breaks and connect again: their waits between
// failed attempts are retry waits, and one that sleeps through its context
// keeps a cancelled supervisor alive.
package supervisor

import (
	"context"
	"net"
	"time"
)

func serve(conn net.Conn) {
	buf := make([]byte, 512)
	for {
		if _, err := conn.Read(buf); err != nil {
			conn.Close()
			return
		}
	}
}

// Supervise sleeps after each failed dial for longer, whatever ctx says.
func Supervise(ctx context.Context, addr string) {
	var d net.Dialer
	failures := 0
	for {
		if ctx.Err() != nil {
			return
		}
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err != nil {
			failures++
			time.Sleep(time.Duration(failures) * time.Second) // want `retry loop waits with time.Sleep while ctx is in scope`
			continue
		}
		failures = 0
		serve(conn)
	}
}

// SuperviseChecked looks at ctx in a select before each dial, and sleeps
// through it after a failure.
func SuperviseChecked(ctx context.Context, addr string) {
	var d net.Dialer
	failures := 0
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err != nil {
			failures++
			time.Sleep(time.Duration(failures) * time.Second) // want `retry loop waits with time.Sleep while ctx is in scope`
			continue
		}
		failures = 0
		serve(conn)
	}
}

// SuperviseErr checks ctx through a variable.
func SuperviseErr(ctx context.Context, addr string) {
	var d net.Dialer
	failures := 0
	for {
		if err := ctx.Err(); err != nil {
			return
		}
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err != nil {
			failures++
			time.Sleep(time.Duration(failures) * time.Second) // want `retry loop waits with time.Sleep while ctx is in scope`
			continue
		}
		failures = 0
		serve(conn)
	}
}

// Ready is set once Warm has connected.
var Ready bool

// Warm leaves its loop once a dial works and goes on: a return when ctx
// ends would skip what follows, so there is no fix.
func Warm(ctx context.Context, addr string) {
	var d net.Dialer
	for {
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			conn.Close()
			break
		}
		time.Sleep(time.Second) // want `retry loop waits with time.Sleep while ctx is in scope`
	}
	Ready = true
}

// Connect returns once a dial works, in an if that also reads ctx.Err():
// that return is the work done, not ctx's end, so there is no fix.
func Connect(ctx context.Context, addr string) {
	var d net.Dialer
	for {
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err == nil && ctx.Err() == nil {
			serve(conn)
			return
		}
		time.Sleep(time.Second) // want `polling loop waits with time.Sleep while ctx is in scope`
	}
}

// Settle returns when a dial works or ctx has ended: the first is the work
// done, so there is no fix.
func Settle(ctx context.Context, addr string) {
	var d net.Dialer
	for {
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err == nil || ctx.Err() != nil {
			if conn != nil {
				conn.Close()
			}
			return
		}
		time.Sleep(time.Second) // want `loop waits with time.Sleep while ctx is in scope`
	}
}

// Drain stops once ctx has ended and its queue is empty, and sleeps through
// ctx after a failed dial.
func Drain(ctx context.Context, addr string, queued func() int) {
	var d net.Dialer
	failures := 0
	for {
		if queued() == 0 && ctx.Err() != nil {
			return
		}
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err != nil {
			failures++
			time.Sleep(time.Duration(failures) * time.Second) // want `retry loop waits with time.Sleep while ctx is in scope`
			continue
		}
		failures = 0
		serve(conn)
	}
}

// SuperviseCancellable ends its wait with ctx.
func SuperviseCancellable(ctx context.Context, addr string) {
	var d net.Dialer
	failures := 0
	for {
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err != nil {
			failures++
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Duration(failures) * time.Second):
			}
			continue
		}
		failures = 0
		serve(conn)
	}
}
