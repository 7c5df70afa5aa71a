// Package sqldb retries around database/sql, whose own bad-connection
// retries only replace a dead pooled connection: never reported.
package sqldb

import (
	"context"
	"database/sql"
	"time"
)

func insert(ctx context.Context, db *sql.DB) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = db.ExecContext(ctx, "INSERT INTO t VALUES (1)"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
