package names

import "net/http"

func noTimeImport() *http.Client {
	return &http.Client{} // want `^http.Client has no Timeout`
}
