package others

import (
	"context"
	"time"

	"github.com/minio/minio-go/v7"
)

func stat(ctx context.Context, mc *minio.Client) error {
	for i := 0; i < 3; i++ {
		if _, err := mc.StatObject(ctx, "b", "o", minio.StatObjectOptions{}); err == nil { // want `retry loop of up to 3 attempts calls minio.Client.StatObject, which makes up to 10 attempts \(the library default\) itself: up to 30 calls in all`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

func minioOff(ctx context.Context) error {
	mc, err := minio.New("play.min.io", &minio.Options{Secure: true, MaxRetries: 1})
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		if _, err := mc.StatObject(ctx, "b", "o", minio.StatObjectOptions{}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// Not an operation: SetAppInfo has no context and does not retry.
func appInfo(mc *minio.Client) error {
	for i := 0; i < 3; i++ {
		mc.SetAppInfo("a", "1")
		if err := check(); err == nil {
			return nil
		}
	}
	return errGiveUp
}

func check() error { return nil }
