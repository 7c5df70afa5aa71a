package main

import (
	"container/heap"
	"math/rand/v2"
	"time"

	"github.com/retrylint/retrylint/retry"
)

// A server serves the first PerWindow calls of each Window and refuses the
// rest at once. It holds no queue, so a refused call costs nothing but the
// call itself: the herd's whole cost is in how many calls it makes.
type server struct {
	PerWindow int
	Window    time.Duration
}

// A result is what one run of the herd did.
type result struct {
	Calls     int           // calls that reached the server, served or refused
	Refused   int           // calls the server refused
	PeakLater int           // calls in the busiest window after the first
	Done      time.Duration // when the last client was served
	Windows   []int         // calls per window
}

// simulate runs clients that all call at t = 0 and retry every refusal with
// backoff b, with no attempt limit, drawing their waits from r. It is a
// discrete-event simulation: the clock jumps from one call to the next, so
// the result is a pure function of its arguments.
func simulate(s server, clients int, b retry.Backoff, r *rand.Rand) result {
	q := make(calls, clients)
	for i := range q {
		q[i] = call{client: i}
	}
	heap.Init(&q)
	served := map[int]int{}
	var res result
	for q.Len() > 0 {
		c := heap.Pop(&q).(call)
		w := int(c.at / s.Window)
		for len(res.Windows) <= w {
			res.Windows = append(res.Windows, 0)
		}
		res.Windows[w]++
		res.Calls++
		if served[w] < s.PerWindow {
			served[w]++
			res.Done = max(res.Done, c.at)
			continue
		}
		res.Refused++
		c.retries++
		c.prev = b.Delay(c.retries, c.prev, r)
		c.at += c.prev
		heap.Push(&q, c)
	}
	if len(res.Windows) > 1 {
		for _, n := range res.Windows[1:] {
			res.PeakLater = max(res.PeakLater, n)
		}
	}
	return res
}

// A call is a client's next call to the server.
type call struct {
	at      time.Duration // when it reaches the server
	client  int           // breaks ties, so that runs are reproducible
	retries int           // retries the client has made so far
	prev    time.Duration // the client's previous wait
}

// calls is a min-heap of calls by time, then client.
type calls []call

func (q calls) Len() int { return len(q) }
func (q calls) Less(i, j int) bool {
	if q[i].at != q[j].at {
		return q[i].at < q[j].at
	}
	return q[i].client < q[j].client
}
func (q calls) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *calls) Push(x any)   { *q = append(*q, x.(call)) }
func (q *calls) Pop() any {
	old := *q
	c := old[len(old)-1]
	*q = old[:len(old)-1]
	return c
}
