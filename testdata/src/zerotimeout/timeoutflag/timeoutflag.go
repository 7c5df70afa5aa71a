// Package timeoutflag is checked with -zerotimeout.timeout=1500ms.
package timeoutflag

import "net/http"

var c = &http.Client{} // want `^http.Client has no Timeout`

func head(u string) { c.Head(u) }
