// Package snappy is a stub of github.com/golang/snappy v1.0.0: Encode.
package snappy

// Encode returns the encoded form of src (encode.go).
func Encode(dst, src []byte) []byte { return src }
