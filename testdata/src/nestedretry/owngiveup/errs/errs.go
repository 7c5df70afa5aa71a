// Package errs wraps the standard errors package, as restic's
// internal/errors does.
package errs

import stderrors "errors"

// As is errors.As.
func As(err error, target any) bool { return stderrors.As(err, target) } // want As:`errors.As`

// Is is errors.Is, through another forwarder.
func Is(err, target error) bool { return is(err, target) } // want Is:`errors.Is`

func is(err, target error) bool { return stderrors.Is(err, target) }

// Swapped passes its parameters the other way round: no errors.Is.
func Swapped(target, err error) bool { return stderrors.Is(err, target) }
