// Package unix is a stub of golang.org/x/sys/unix v0.49.0 on linux/amd64
// (testdata/reallibs' retrysite/syscalls case builds against the real
// one): the API surface retrylint's tests use, with the real signatures.
// The real Syscall is written in assembly; here a body that only returns
// zeros stands for it, so that the tree builds, and retrylint reads it as it
// reads a missing body: it may do anything.
package unix

import (
	"syscall"
	"unsafe"
)

const (
	LOCK_EX = 0x2
	LOCK_NB = 0x4

	SYS_FLOCK   = 73
	SYS_CONNECT = 42
)

type _Socklen uint32

// Sockaddr is implemented only by the package's own address types.
type Sockaddr interface {
	sockaddr() (ptr unsafe.Pointer, len _Socklen, err error)
}

func Syscall(trap, a1, a2, a3 uintptr) (r1, r2 uintptr, err syscall.Errno) { return 0, 0, 0 }

func Flock(fd int, how int) (err error) {
	_, _, e1 := Syscall(SYS_FLOCK, uintptr(fd), uintptr(how), 0)
	if e1 != 0 {
		err = e1
	}
	return
}

func Connect(fd int, sa Sockaddr) (err error) {
	ptr, n, err := sa.sockaddr()
	if err != nil {
		return err
	}
	_, _, e1 := Syscall(SYS_CONNECT, uintptr(fd), uintptr(ptr), uintptr(n))
	if e1 != 0 {
		err = e1
	}
	return
}
