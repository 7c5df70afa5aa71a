package names

import "net/http"

func noTimeImport(u string) {
	(&http.Client{}).Head(u) // want `^http.Client has no Timeout`
}
