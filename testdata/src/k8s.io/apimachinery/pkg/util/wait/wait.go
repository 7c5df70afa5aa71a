// Package wait is a stub of k8s.io/apimachinery/pkg/util/wait v0.37.2: the
// API surface retrylint's analyzers know, with the real signatures.
package wait

import (
	"context"
	"time"
)

type Backoff struct {
	Duration time.Duration
	Factor   float64
	Jitter   float64
	Steps    int
	Cap      time.Duration
}

func (b *Backoff) Step() time.Duration { return b.Duration }

type ConditionFunc func() (done bool, err error)

type ConditionWithContextFunc func(context.Context) (done bool, err error)

func ExponentialBackoff(backoff Backoff, condition ConditionFunc) error {
	_, err := condition()
	return err
}

func ExponentialBackoffWithContext(ctx context.Context, backoff Backoff, condition ConditionWithContextFunc) error {
	_, err := condition(ctx)
	return err
}

func Jitter(duration time.Duration, maxFactor float64) time.Duration { return duration }

func Until(f func(), period time.Duration, stopCh <-chan struct{}) {}

func UntilWithContext(ctx context.Context, f func(context.Context), period time.Duration) {}

func JitterUntil(f func(), period time.Duration, jitterFactor float64, sliding bool, stopCh <-chan struct{}) {
}

func Forever(f func(), period time.Duration) {}

func PollUntilContextCancel(ctx context.Context, interval time.Duration, immediate bool, condition ConditionWithContextFunc) error {
	return nil
}

func PollUntilContextTimeout(ctx context.Context, interval, timeout time.Duration, immediate bool, condition ConditionWithContextFunc) error {
	return nil
}

var ErrWaitTimeout error
