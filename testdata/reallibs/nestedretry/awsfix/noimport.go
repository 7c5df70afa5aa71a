package awsfix

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"

	"example.com/reallibs/nestedretry/awsfix/clients"
)

func noImport(ctx context.Context, cfg aws.Config) error {
	s3 := clients.S3(cfg) // a local named s3: the import must take another name
	var err error
	for i := 0; i < 4; i++ {
		if _, err = s3.PutObject(ctx, clients.Input()); err == nil { // want `calls s3.Client.PutObject`
			return nil
		}
	}
	return err
}
