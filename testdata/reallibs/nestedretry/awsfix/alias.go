package awsfix

import (
	"context"

	awss3 "github.com/aws/aws-sdk-go-v2/service/s3"
)

func aliased(ctx context.Context, c *awss3.Client, in *awss3.PutObjectInput) error {
	var err error
	for i := 0; i < 4; i++ {
		if _, err = c.PutObject(ctx, in); err == nil { // want `retry loop of up to 4 attempts calls s3.Client.PutObject`
			return nil
		}
	}
	return err
}
