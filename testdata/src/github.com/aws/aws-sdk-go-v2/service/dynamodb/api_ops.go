package dynamodb

import "context"

// GetItemInput is api_op_GetItem.go's GetItemInput (some fields).
type GetItemInput struct {
	TableName *string
}

// GetItemOutput is api_op_GetItem.go's GetItemOutput (no fields stubbed).
type GetItemOutput struct{}

// GetItem is api_op_GetItem.go's GetItem.
func (c *Client) GetItem(ctx context.Context, params *GetItemInput, optFns ...func(*Options)) (*GetItemOutput, error) {
	return &GetItemOutput{}, c.invoke(ctx, optFns)
}

// PutItemInput is api_op_PutItem.go's PutItemInput (some fields).
type PutItemInput struct {
	TableName *string
}

// PutItemOutput is api_op_PutItem.go's PutItemOutput (no fields stubbed).
type PutItemOutput struct{}

// PutItem is api_op_PutItem.go's PutItem.
func (c *Client) PutItem(ctx context.Context, params *PutItemInput, optFns ...func(*Options)) (*PutItemOutput, error) {
	return &PutItemOutput{}, c.invoke(ctx, optFns)
}
