// Package layout holds literals laid out in other ways, where the fix must
// put Timeout where gofmt would.
package layout

import (
	"net/http"
	"net/http/cookiejar"
)

func layouts(t http.RoundTripper, j *cookiejar.Jar) []*http.Client {
	return []*http.Client{
		&http.Client{ // want `^http.Client has no Timeout`
			Transport: t, Jar: j,
		},
		&http.Client{ // want `^http.Client has no Timeout`
			Transport: t},
		&http.Client{Transport: t, // want `^http.Client has no Timeout`
			Jar: j, /* the jar */
		},
		&http.Client{ // want `^http.Client has no Timeout`
			// no fields, only a comment
		},
	}
}
