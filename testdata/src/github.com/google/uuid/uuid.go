// Package uuid is a stub of github.com/google/uuid v1.6.0: the API surface
// retrylint's tests use, with the real signatures.
package uuid

import (
	"crypto/rand"
	"io"
)

// A UUID is a 128 bit (16 byte) Universal Unique IDentifier as defined in RFC 4122.
type UUID [16]byte

var (
	NameSpaceDNS = Must(Parse("6ba7b810-9dad-11d1-80b4-00c04fd430c8"))
	NameSpaceURL = Must(Parse("6ba7b811-9dad-11d1-80b4-00c04fd430c8"))
	Nil          UUID // empty UUID, all zeros
)

func Parse(s string) (UUID, error) { return UUID{}, nil }

func MustParse(s string) UUID { return UUID{} }

func Must(uuid UUID, err error) UUID {
	if err != nil {
		panic(err)
	}
	return uuid
}

func (uuid UUID) String() string { return string(uuid[:]) }

func New() UUID { return Must(NewRandom()) }

func NewString() string { return Must(NewRandom()).String() }

func NewRandom() (UUID, error) { return NewRandomFromReader(rand.Reader) }

func NewRandomFromReader(r io.Reader) (UUID, error) {
	var uuid UUID
	_, err := io.ReadFull(r, uuid[:])
	return uuid, err
}

func NewUUID() (UUID, error) { return NewRandom() }

func NewV7() (UUID, error) { return NewRandom() }

func NewMD5(space UUID, data []byte) UUID { return space }

func NewSHA1(space UUID, data []byte) UUID { return space }
