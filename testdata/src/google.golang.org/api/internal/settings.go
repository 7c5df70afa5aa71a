// Package internal is a stub of google.golang.org/api/internal v0.307.0:
// the settings the options of package option fill in.
package internal

import "net/http"

// DialSettings is settings.go's DialSettings (one field).
type DialSettings struct {
	HTTPClient *http.Client
}
