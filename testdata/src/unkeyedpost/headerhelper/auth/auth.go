// Package auth signs requests as oauth2's Token.SetAuthHeader does: it sets
// the Authorization header, which is no idempotency key, and nothing else.
package auth

import "net/http"

type Token struct {
	Type, AccessToken string
}

func (t *Token) SetAuthHeader(r *http.Request) { // want SetAuthHeader:`sets headers\(request arg 0\)`
	r.Header.Set("Authorization", t.Type+" "+t.AccessToken)
}

// Stamp sets a header its caller names: it may be a key, so it is no pass.
func Stamp(r *http.Request, name, value string) {
	r.Header.Set(name, value)
}
