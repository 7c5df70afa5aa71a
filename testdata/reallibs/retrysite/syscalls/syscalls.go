// Package syscalls holds the loops of testdata/src/retrysite/syscalls,
// built against the real golang.org/x/sys/unix, whose raw
// system calls have no Go body: a lock taken again until it is free stays on
// this host and is no retry site; a connect tried again is one.
package syscalls

import (
	"errors"
	"time"

	"golang.org/x/sys/unix"
)

var errLocked = errors.New("locked")

// lockFile waits for another process of the program to drop its flock.
func lockFile(fd int) error {
	for i := 0; i < 50; i++ {
		if err := unix.Flock(fd, unix.LOCK_EX|unix.LOCK_NB); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errLocked
}

// connect dials a server by the raw system call.
func connect(fd int, sa unix.Sockaddr) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, waits sleep\(time.Second\)`
		if err = unix.Connect(fd, sa); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
