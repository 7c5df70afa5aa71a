// Package outliverun is run after its fix (TestFixedWaitEndsWithContext):
// the retry loop waits an hour between attempts, so only a wait that ends
// with the context lets Poll return when its caller gives up.
package outliverun

import (
	"context"
	"net"
	"time"
)

// Attempts counts the calls of ping.
var Attempts int

// Addr is where ping dials; the test points it at a closed port.
var Addr = "127.0.0.1:1"

func ping(ctx context.Context) error {
	Attempts++
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", Addr)
	if err != nil {
		return err
	}
	return conn.Close()
}

func Poll(ctx context.Context) (int, error) {
	for {
		if err := ping(ctx); err == nil {
			return Attempts, nil
		}
		time.Sleep(time.Hour) // want `retry loop waits with time\.Sleep while ctx is in scope`
	}
}
