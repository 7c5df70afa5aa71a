// Package errpred holds predicates on an error that another package's
// loops call; their facts say what they answer for a nil error.
package errpred

import (
	"errors"
	"net"
)

var ErrFatal = errors.New("fatal")

// IsTemporary is false for a nil error, by its guard.
func IsTemporary(err error) bool { // want IsTemporary:`false for a nil error`
	if err == nil {
		return false
	}
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// Retryable is false for a nil error through the predicates it returns.
func Retryable(err error) bool { // want Retryable:`false for a nil error`
	return IsTemporary(err) || errors.Is(err, net.ErrClosed)
}

// Done is true for a nil error.
func Done(err error) bool { // want Done:`true for a nil error`
	return err == nil || errors.Is(err, ErrFatal)
}

// Unclear's answer for a nil error depends on more than the error.
func Unclear(err error) bool {
	n := 0
	return n == 0 && !errors.Is(err, ErrFatal)
}
