package names

import (
	"net/http"
	"time"
)

// shadowed has a local named time, so the fix cannot write time.Second
// here: the diagnostic comes without one.
func shadowed() (*http.Client, int) {
	time := 3
	return &http.Client{}, time // want `^http.Client has no Timeout`
}

var _ = time.Second
