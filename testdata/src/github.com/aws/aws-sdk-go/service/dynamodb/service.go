// Package dynamodb is a stub of github.com/aws/aws-sdk-go/service/dynamodb v1.55.8.
package dynamodb

import (
	"github.com/aws/aws-sdk-go/aws"
	"github.com/aws/aws-sdk-go/aws/client"
	"github.com/aws/aws-sdk-go/aws/request"
)

// DynamoDB is service.go's DynamoDB.
type DynamoDB struct {
	*client.Client
}

// New is service.go's New.
func New(p client.ConfigProvider, cfgs ...*aws.Config) *DynamoDB {
	c := p.ClientConfig("dynamodb", cfgs...)
	return &DynamoDB{Client: &client.Client{Config: *c.Config}}
}

// GetItemInput is api.go's GetItemInput (some fields).
type GetItemInput struct {
	TableName *string
}

// GetItemOutput is api.go's GetItemOutput (no fields stubbed).
type GetItemOutput struct{}

// GetItem is api.go's GetItem.
func (c *DynamoDB) GetItem(input *GetItemInput) (*GetItemOutput, error) {
	return c.GetItemWithContext(aws.Context(nil), input)
}

// GetItemWithContext is api.go's GetItemWithContext.
func (c *DynamoDB) GetItemWithContext(ctx aws.Context, input *GetItemInput, opts ...request.Option) (*GetItemOutput, error) {
	return &GetItemOutput{}, nil
}
