// want package:`wiring\(implemented cloud.google.com/go/auth/grpctransport.GRPCClientConnPool.Invoke by \(\*grpctransport.roundRobinConnPool\).Invoke, .*; 0 met\)`

package others

import (
	"context"
	"time"

	"github.com/cenkalti/backoff/v4"

	"github.com/elastic/go-elasticsearch/v8"
	"github.com/elastic/go-elasticsearch/v8/esapi"
)

// The recogniser does not yet take a loop whose attempt is a call of a
// function-typed field (es.Search(...)) for a retry loop; a retry library's
// call shows the nesting.
func search(ctx context.Context, es *elasticsearch.Client) error {
	return backoff.Retry(func() error {
		_, err := es.Search(es.Search.WithContext(ctx), es.Search.WithIndex("orders")) // want `retry call of up to 3 attempts calls elasticsearch.Client.Search, which makes up to 4 attempts \(the library default\) itself: up to 12 calls in all`
		return err
	}, backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 2))
}

func createIndex(es *elasticsearch.Client) error {
	return backoff.Retry(func() error {
		_, err := es.Indices.Create("orders") // want `calls elasticsearch.Client.Indices.Create, which makes up to 4 attempts \(the library default\) itself: up to 12 calls`
		return err
	}, backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 2))
}

func requestDo(ctx context.Context) error {
	es, err := elasticsearch.NewClient(elasticsearch.Config{MaxRetries: 5})
	if err != nil {
		return err
	}
	for i := 0; i < 2; i++ {
		if _, err := (esapi.GetRequest{Index: "orders", DocumentID: "1"}).Do(ctx, es); err == nil { // want `calls esapi.GetRequest.Do, which makes up to 6 attempts itself: up to 12 calls`
			return nil
		}
	}
	return errGiveUp
}

func esOff(ctx context.Context) error {
	es, err := elasticsearch.NewClient(elasticsearch.Config{Addresses: []string{"http://es:9200"}, DisableRetry: true})
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		if _, err := es.Search(es.Search.WithContext(ctx)); err == nil {
			return nil
		}
		if _, err := (esapi.IndexRequest{Index: "orders"}).Do(ctx, es); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// An esapi.API over a transport of unknown retries: not reported.
func ownTransport(ctx context.Context, t esapi.Transport) error {
	api := esapi.New(t)
	for i := 0; i < 3; i++ {
		if _, err := api.Search(); err == nil {
			return nil
		}
		if _, err := (esapi.GetRequest{Index: "orders"}).Do(ctx, t); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}
