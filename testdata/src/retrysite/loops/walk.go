package loops

import "time"

type server struct{ addr string }

func dial(s server) error { return nil }

// connect tries each server of the pool once, in turn (nats.go's
// Conn.connect): a walk over the pool, as a range over it is, not a retry.
func connect(pool []server) error {
	var err error
	for i := 0; i < len(pool); i++ {
		if err = dial(pool[i]); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// poolConn.connect walks the pool through a field it sets to each server
// first.
type poolConn struct {
	pool    []server
	current server
}

func (c *poolConn) connect() error {
	var err error
	for i := 0; i < len(c.pool); i++ {
		c.current = c.pool[i]
		if err = dial(c.current); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// retryDelays reads its list only for the waits: a retry with a schedule.
func retryDelays(delays []time.Duration) error {
	var err error
	for i := 0; i < len(delays); i++ { // want `retry loop, an unknown number of attempts, waits sleep\(delays.i\)$`
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(delays[i])
	}
	return err
}

// retryOther indexes another list than the one it counts: the attempt is
// the same each time, a retry.
func retryOther(pool []server, tries []int) error {
	var err error
	for i := 0; i < len(tries); i++ { // want `retry loop, an unknown number of attempts, waits sleep\(time.Second\)$`
		if err = dial(pool[0]); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// retryDelaysLogged reads its list of delays outside the wait too: a list
// of durations is a schedule, and the loop a retry.
func retryDelaysLogged(delays []time.Duration) error {
	var err error
	for i := 0; i < len(delays); i++ { // want `retry loop, an unknown number of attempts, waits sleep\(d\)$`
		if err = op(); err == nil {
			return nil
		}
		d := delays[i]
		println("retrying in", d)
		time.Sleep(d)
	}
	return err
}

// connectFrom walks the pool from a starting server on, wrapping round
// (pool[(off+i)%len(pool)]), through the field it sets: each server once,
// no retry.
func (c *poolConn) connectFrom(off int) error {
	var err error
	for i := 0; i < len(c.pool); i++ {
		c.current = c.pool[(off+i)%len(c.pool)]
		if err = dial(c.current); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// connectUntil and connectBack state the bound as i != len(pool) and
// len(pool) > i: walks too.
func connectUntil(pool []server) error {
	var err error
	for i := 0; i != len(pool); i++ {
		if err = dial(pool[i]); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

func connectBack(pool []server) error {
	var err error
	for i := 0; len(pool) > i; i++ {
		if err = dial(pool[i]); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// retryRotated picks one server by a rotation that does not move with
// the counter: the same server on every attempt, a retry.
func retryRotated(pool []server, off int) error {
	var err error
	for i := 0; i < len(pool); i++ { // want `retry loop, an unknown number of attempts, waits sleep\(time.Second\)$`
		if err = dial(pool[(off+1)%len(pool)]); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// retryPair alternates between the first two servers (i%2) for as many
// attempts as the pool is long: each is tried again, a retry.
func (c *poolConn) retryPair() error {
	var err error
	for i := 0; i < len(c.pool); i++ { // want `retry loop, an unknown number of attempts, waits sleep\(time.Second\)$`
		c.current = c.pool[i%2]
		if err = dial(c.current); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
