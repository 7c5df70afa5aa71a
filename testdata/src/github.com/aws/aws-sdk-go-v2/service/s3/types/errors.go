// Package types is a stub of github.com/aws/aws-sdk-go-v2/service/s3/types
// v1.114.10 (errors.go): the modelled errors retrylint's tests use, with
// their real fields and methods (ErrorFault, which needs smithy-go, left out).
package types

import "fmt"

// NoSuchKey: the specified key does not exist.
type NoSuchKey struct {
	Message *string

	ErrorCodeOverride *string
}

func (e *NoSuchKey) Error() string {
	return fmt.Sprintf("%s: %s", e.ErrorCode(), e.ErrorMessage())
}
func (e *NoSuchKey) ErrorMessage() string {
	if e.Message == nil {
		return ""
	}
	return *e.Message
}
func (e *NoSuchKey) ErrorCode() string {
	if e == nil || e.ErrorCodeOverride == nil {
		return "NoSuchKey"
	}
	return *e.ErrorCodeOverride
}

// NotFound: the specified content does not exist.
type NotFound struct {
	Message *string

	ErrorCodeOverride *string
}

func (e *NotFound) Error() string {
	return fmt.Sprintf("%s: %s", e.ErrorCode(), e.ErrorMessage())
}
func (e *NotFound) ErrorMessage() string {
	if e.Message == nil {
		return ""
	}
	return *e.Message
}
func (e *NotFound) ErrorCode() string {
	if e == nil || e.ErrorCodeOverride == nil {
		return "NotFound"
	}
	return *e.ErrorCodeOverride
}

// NoSuchBucket: the specified bucket does not exist.
type NoSuchBucket struct {
	Message *string

	ErrorCodeOverride *string
}

func (e *NoSuchBucket) Error() string {
	return fmt.Sprintf("%s: %s", e.ErrorCode(), e.ErrorMessage())
}
func (e *NoSuchBucket) ErrorMessage() string {
	if e.Message == nil {
		return ""
	}
	return *e.Message
}
func (e *NoSuchBucket) ErrorCode() string {
	if e == nil || e.ErrorCodeOverride == nil {
		return "NoSuchBucket"
	}
	return *e.ErrorCodeOverride
}
