// Package ignoredirective holds //retrylint:ignore directives, good and bad.
package ignoredirective

import "net/http"

// Good directives: nothing to report.

//retrylint:ignore zerotimeout the test server answers at once
var a = http.DefaultClient

var b = http.DefaultClient //retrylint:ignore zerotimeout,nojitter the test server answers at once

//retrylint:ignore ignoredirective,nestedretry,unkeyedpost all five names are known
var c = 1

// Not directives at all: a longer word, or the prefix inside other text.

//retrylint:ignored zerotimeout
// see //retrylint:ignore for the syntax
var d = 2

// want +1 `retrylint:ignore directive gives no reason: say after the analyzer names why the finding does not apply`
//retrylint:ignore zerotimeout
var e = http.DefaultClient

// want +1 `retrylint:ignore directive names no analyzer`
//retrylint:ignore
var f = 3

// want +1 `names unknown analyzer "zerotimout", so it silences nothing: known analyzers are zerotimeout, nojitter, nestedretry, unkeyedpost, retrydeadline$`
//retrylint:ignore zerotimout a typo silences nothing
var g = http.DefaultClient

// want +1 `unknown analyzer "retrylint"` `unknown analyzer "gosec"`
//retrylint:ignore retrylint,nojitter,gosec only analyzer names count
var h = 4

// want +1 `space after a comma`
//retrylint:ignore zerotimeout, nojitter the second name is read as the reason
var i = 5

func calls() {
	// want +1 `gives no reason`
	_, _ = http.Get("http://example.com") //retrylint:ignore zerotimeout
}

// A bad directive can itself be silenced, with a reason, by a directive naming
// this analyzer on the line above.

//retrylint:ignore ignoredirective the next line documents the old syntax
//retrylint:ignore zerotimeout
var j = 6
