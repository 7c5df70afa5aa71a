// Package testfiles has its only clients in a _test.go file.
package testfileson
