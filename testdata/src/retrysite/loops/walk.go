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
