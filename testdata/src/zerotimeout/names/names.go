// Package names reaches net/http under other names: an import alias, a type
// alias, and a time package imported under another name.
package names

import (
	tm "time"

	web "net/http"
)

// Client is net/http's client under another name.
type Client = web.Client

var _ = tm.Second

func aliased(u string) {
	(&web.Client{}).Get(u) // want `^http.Client has no Timeout`
	c := Client{}          // want `^http.Client has no Timeout`
	c.Get(u)
	new(Client).Get(u) // want `new\(http.Client\) has no Timeout`
	web.Get(u)         // want `^http.Get uses http.DefaultClient`
	_ = web.DefaultClient.Jar
}
