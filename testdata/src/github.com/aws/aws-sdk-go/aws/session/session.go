// Package session is a stub of github.com/aws/aws-sdk-go/aws/session v1.55.8.
package session

import (
	"github.com/aws/aws-sdk-go/aws"
	"github.com/aws/aws-sdk-go/aws/client"
)

// Session is session.go's Session (some fields).
type Session struct {
	Config *aws.Config
}

// New is session.go's New.
func New(cfgs ...*aws.Config) *Session { return &Session{Config: aws.NewConfig()} }

// NewSession is session.go's NewSession.
func NewSession(cfgs ...*aws.Config) (*Session, error) { return New(cfgs...), nil }

// Must is session.go's Must.
func Must(sess *Session, err error) *Session {
	if err != nil {
		panic(err)
	}
	return sess
}

// ClientConfig is session.go's ClientConfig.
func (s *Session) ClientConfig(service string, cfgs ...*aws.Config) client.Config {
	return client.Config{Config: s.Config}
}
