// Package clients hands out an S3 client, so that a caller need not import s3.
package clients

import (
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// S3 returns a client with the SDK's default retries.
func S3(cfg aws.Config) *s3.Client { return s3.NewFromConfig(cfg) }

// Input returns an upload request.
func Input() *s3.PutObjectInput { return &s3.PutObjectInput{Bucket: aws.String("b")} }
