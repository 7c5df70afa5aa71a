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
	_ = &web.Client{} // want `^http.Client has no Timeout`
	_ = Client{}      // want `^http.Client has no Timeout`
	_ = new(Client)   // want `new\(http.Client\) has no Timeout`
	web.Get(u)        // want `^http.Get uses http.DefaultClient`
	_ = web.DefaultClient.Jar
}
