// Package layout holds literals laid out in other ways, where the fix must
// put Timeout where gofmt would.
package layout

import (
	"net/http"
	"net/http/cookiejar"
)

func head(c *http.Client, u string) { c.Head(u) }

// t is a transport given no value here (a caller's transport would make
// the caller the one to check).
var t http.RoundTripper

func layouts(j *cookiejar.Jar, u string) {
	head(&http.Client{ // want `^http.Client has no Timeout`
		Transport: t, Jar: j,
	}, u)
	head(&http.Client{ // want `^http.Client has no Timeout`
		Transport: t}, u)
	head(&http.Client{Transport: t, // want `^http.Client has no Timeout`
		Jar: j, /* the jar */
	}, u)
	head(&http.Client{ // want `^http.Client has no Timeout`
		// no fields, only a comment
	}, u)
}
