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
