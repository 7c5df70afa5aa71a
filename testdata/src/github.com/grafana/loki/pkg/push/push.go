// Package push is a stub of github.com/grafana/loki/pkg/push at
// v0.0.0-20250630054201-94c0ba7b0952: the push request Loki's push API
// takes, and its streams and entries.
package push

import "time"

// PushRequest is one push of streams (push.pb.go).
type PushRequest struct {
	Streams []Stream `json:"streams"`
	Format  string   `json:"format"`
}

func (m *PushRequest) Reset()            { *m = PushRequest{} }
func (*PushRequest) ProtoMessage()       {}
func (this *PushRequest) String() string { return "" }

// Marshal encodes the request (push.pb.go).
func (m *PushRequest) Marshal() (dAtA []byte, err error) { return nil, nil }

// Stream is the entries of one label set (types.go).
type Stream struct {
	Labels  string  `json:"labels"`
	Entries []Entry `json:"entries"`
	Hash    uint64  `json:"-"`
}

// Entry is a log entry with a timestamp (types.go).
type Entry struct {
	Timestamp time.Time `json:"ts"`
	Line      string    `json:"line"`
}
