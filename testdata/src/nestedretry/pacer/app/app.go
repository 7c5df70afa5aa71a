// Package app retries SDK calls through its own pacer (package pacer): the
// pacer invokes the operation through a function-typed field or variable
// whose values are all in sight, so it is a runner, and the call in the
// operation is reported.
package app

import (
	"context"
	"errors"
	"net"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/redis/go-redis/v9"

	"nestedretry/pacer/pacer"
)

var errGiveUp = errors.New("give up")

func upload(ctx context.Context, c *s3.Client, in *s3.PutObjectInput) error {
	p := pacer.New()
	return p.Call(func() error {
		_, err := c.PutObject(ctx, in) // want `retry call of up to 5 attempts calls s3.Client.PutObject, which makes up to 3 attempts \(the library default\) itself: up to 15 calls in all; let one layer own the retries`
		return err
	})
}

func incr(ctx context.Context, rdb *redis.Client) error {
	return pacer.Quick(func() error {
		return rdb.Incr(ctx, "n").Err() // want `retry call of up to 3 attempts calls redis.Client.Incr, which makes up to 4 attempts \(the library default\) itself: up to 12 calls in all`
	})
}

// A runner of this package that keeps its invoker in a local variable.
func retryLocal(op func() error) error {
	call := func(f func() error) error { return f() }
	for i := 0; i < 3; i++ {
		if err := call(op); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

func del(ctx context.Context, rdb *redis.Client) error {
	return retryLocal(func() error {
		return rdb.Del(ctx, "k").Err() // want `retry call of up to 3 attempts calls redis.Client.Del, which makes up to 4 attempts \(the library default\) itself: up to 12 calls in all`
	})
}

// Quiet: an invoker from the caller, or one that never runs the
// operation, makes no runner.
func loose(ctx context.Context, rdb *redis.Client, f func(int, pacer.Paced) error) error {
	return pacer.NewLoose(f).Call(func() error {
		return rdb.Incr(ctx, "n").Err()
	})
}

func logged(ctx context.Context, rdb *redis.Client) error {
	return pacer.NewLogged().Call(func() error {
		return rdb.Incr(ctx, "n").Err()
	})
}

// rclone's seafile upload: a retry loop around helpers that send through a
// pacer making a known number of attempts.
var errAgain = errors.New("upload link used: try again")

func sendOnce(p *pacer.Counted, send pacer.Paced) error   { return p.CallNoRetry(send) }
func sendThrice(p *pacer.Counted, send pacer.Paced) error { return p.CallThrice(send) }
func sendTwice(p *pacer.Counted, send pacer.Paced) error  { return p.CallTimes(send, 2) }
func sendAsSet(p *pacer.Counted, send pacer.Paced) error  { return p.Call(send) }

// CallNoRetry makes one attempt: the loop is the only layer. Quiet.
func uploadOnce(p *pacer.Counted, send pacer.Paced) error {
	for retry := 0; retry <= 3; retry++ {
		err := sendOnce(p, send)
		if err == errAgain {
			continue
		}
		return err
	}
	return errGiveUp
}

func uploadThrice(p *pacer.Counted, send pacer.Paced) error {
	for retry := 0; retry <= 3; retry++ {
		err := sendThrice(p, send) // want `retry loop of up to 4 attempts calls sendThrice -> \(\*pacer.Counted\).CallThrice -> \(\*pacer.Counted\).CallTimes -> \(\*pacer.Counted\).call, which makes up to 3 attempts: up to 12 calls in all`
		if err == errAgain {
			continue
		}
		return err
	}
	return errGiveUp
}

func uploadTwice(p *pacer.Counted, send pacer.Paced) error {
	for retry := 0; retry <= 3; retry++ {
		err := sendTwice(p, send) // want `retry loop of up to 4 attempts calls sendTwice -> \(\*pacer.Counted\).CallTimes -> \(\*pacer.Counted\).call, which makes up to 2 attempts: up to 8 calls in all`
		if err == errAgain {
			continue
		}
		return err
	}
	return errGiveUp
}

// The count read from a call of the method expression, whose first
// argument is the receiver.
func uploadTwiceByExpr(p *pacer.Counted, send pacer.Paced) error {
	for retry := 0; retry <= 3; retry++ {
		err := (*pacer.Counted).CallTimes(p, send, 2) // want `retry loop of up to 4 attempts calls \(\*pacer.Counted\).CallTimes -> \(\*pacer.Counted\).call, which makes up to 2 attempts: up to 8 calls in all`
		if err == errAgain {
			continue
		}
		return err
	}
	return errGiveUp
}

func uploadAsSet(p *pacer.Counted, send pacer.Paced) error {
	for retry := 0; retry <= 3; retry++ {
		err := sendAsSet(p, send) // want `retry loop of up to 4 attempts calls sendAsSet -> \(\*pacer.Counted\).Call -> \(\*pacer.Counted\).call, which makes an unknown number of attempts: up to 4 times the calls it makes alone`
		if err == errAgain {
			continue
		}
		return err
	}
	return errGiveUp
}

// dial reaches a server once.
func dial(ctx context.Context) error {
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", "cache.internal:6379")
	if err == nil {
		conn.Close()
	}
	return err
}

// dialThenCall's loop counts its attempts by n, but the function also sends
// through the pacer's Call, of a count set at run time: with n = 1 the loop
// is no layer, the pacer still is.
func dialThenCall(ctx context.Context, n int, p *pacer.Counted, send pacer.Paced) error {
	for i := 0; i < n; i++ {
		if dial(ctx) == nil {
			break
		}
		time.Sleep(time.Millisecond)
	}
	return p.Call(send)
}

func callAfterOneDial(ctx context.Context, p *pacer.Counted, send pacer.Paced) error {
	for retry := 0; retry <= 3; retry++ {
		if err := dialThenCall(ctx, 1, p, send); err == nil { // want `retry loop of up to 4 attempts calls dialThenCall, which makes an unknown number of attempts`
			return nil
		}
		time.Sleep(time.Millisecond)
	}
	return errGiveUp
}
