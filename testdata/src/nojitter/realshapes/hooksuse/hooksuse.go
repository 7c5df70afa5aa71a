// Package hooksuse waits through another package's helper whose wait is
// fixed unless the user sets a hook: the report says so here too.
package hooksuse

import (
	"net"

	"nojitter/realshapes/hooks"
)

func Dial(addr string, conf *hooks.Config) (net.Conn, error) {
	var err error
	for i := conf.Retry.Max; i > 0; i-- {
		var conn net.Conn
		if conn, err = net.Dial("tcp", addr); err == nil {
			return conn, nil
		}
		hooks.Wait(conf, i) // want `^retry loop waits a deterministic duration \(.*in hooks.Wait\) between attempts unless Config.Retry.BackoffFunc is set: `
	}
	return nil, err
}
