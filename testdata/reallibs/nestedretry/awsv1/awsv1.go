// want package:`wiring\(implemented github.com/aws/aws-sdk-go/aws/credentials.Provider.Retrieve by \(\*stscreds.WebIdentityRoleProvider\).Retrieve, .*; 0 met\)`

// Package awsv1 holds retry loops around aws-sdk-go (v1) calls.
package awsv1

import (
	"context"
	"errors"
	"time"

	"github.com/aws/aws-sdk-go/aws"
	"github.com/aws/aws-sdk-go/aws/client"
	"github.com/aws/aws-sdk-go/aws/request"
	"github.com/aws/aws-sdk-go/aws/session"
	"github.com/aws/aws-sdk-go/service/dynamodb"
	"github.com/aws/aws-sdk-go/service/s3"
)

var errGiveUp = errors.New("give up")

// 3 retries by default: 4 attempts.
func put(svc *s3.S3, in *s3.PutObjectInput) error {
	for i := 0; i < 3; i++ {
		if _, err := svc.PutObject(in); err == nil { // want `retry loop of up to 3 attempts calls s3.S3.PutObject, which makes up to 4 attempts \(the library default\) itself: up to 12 calls in all; let one layer own the retries`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// DynamoDB: 10 retries, 11 attempts.
func get(ctx context.Context, db *dynamodb.DynamoDB, in *dynamodb.GetItemInput) error {
	for i := 0; i < 2; i++ {
		if _, err := db.GetItemWithContext(ctx, in); err == nil { // want `calls dynamodb.DynamoDB.GetItemWithContext, which makes up to 11 attempts \(the library default\) itself: up to 22 calls`
			return nil
		}
	}
	return errGiveUp
}

func raised(in *s3.PutObjectInput) error {
	svc := s3.New(session.Must(session.NewSession()), aws.NewConfig().WithMaxRetries(7))
	for i := 0; i < 2; i++ {
		if _, err := svc.PutObject(in); err == nil { // want `calls s3.S3.PutObject, which makes up to 8 attempts itself: up to 16 calls`
			return nil
		}
	}
	return errGiveUp
}

// --- retries visibly off: not reported ---

func sessionOff(in *s3.PutObjectInput) error {
	sess := session.Must(session.NewSession(&aws.Config{Region: aws.String("eu-west-1"), MaxRetries: aws.Int(0)}))
	svc := s3.New(sess)
	for i := 0; i < 3; i++ {
		if _, err := svc.PutObject(in); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

func clientOff(in *s3.PutObjectInput) error {
	svc := s3.New(session.New(), aws.NewConfig().WithRegion("eu-west-1").WithMaxRetries(0))
	for i := 0; i < 3; i++ {
		if _, err := svc.PutObject(in); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

func noOpRetryer(in *s3.PutObjectInput) error {
	svc := s3.New(session.New(), request.WithRetryer(aws.NewConfig(), client.NoOpRetryer{}))
	for i := 0; i < 3; i++ {
		if _, err := svc.PutObject(in); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// DynamoDB replaces any Retryer by its own: only MaxRetries counts.
func dynamoRetryerIgnored(ctx context.Context, in *dynamodb.GetItemInput) error {
	db := dynamodb.New(session.New(), &aws.Config{Retryer: client.NoOpRetryer{}})
	for i := 0; i < 2; i++ {
		if _, err := db.GetItemWithContext(ctx, in); err == nil { // want `calls dynamodb.DynamoDB.GetItemWithContext, which makes up to 11 attempts`
			return nil
		}
	}
	return errGiveUp
}

func dynamoOff(ctx context.Context, in *dynamodb.GetItemInput) error {
	db := dynamodb.New(session.New(), &aws.Config{MaxRetries: aws.Int(0)})
	for i := 0; i < 2; i++ {
		if _, err := db.GetItemWithContext(ctx, in); err == nil {
			return nil
		}
	}
	return errGiveUp
}
