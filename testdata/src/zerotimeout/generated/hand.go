package generated

import "net/http"

var Hand = http.DefaultClient // want `^http.DefaultClient has no Timeout`
