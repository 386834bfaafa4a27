package sdk

import (
	"context"
	"math/rand"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// RetryUnknown is a unary client interceptor that sends a call carrying a non-empty
// request_id again after UNKNOWN (a proxy's or HTTP/2 error whose outcome is unknown, which
// gRPC's retry policy never retries): the server answers the retry with what the first
// attempt did (docs/api.md, "Retries"). Calls without a request id are never sent twice.
// At most maxAttempts attempts, waiting a random time up to initial, doubled per attempt
// and capped at max, between two:
//
//	grpc.WithUnaryInterceptor(sdk.RetryUnknown(5, 100*time.Millisecond, 2*time.Second))
func RetryUnknown(maxAttempts int, initial, max time.Duration) grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply interface{}, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		for attempt := 1; ; attempt++ {
			err := invoker(ctx, method, req, reply, cc, opts...)
			if err == nil || attempt >= maxAttempts || status.Code(err) != codes.Unknown || !carriesRequestID(req) {
				return err
			}
			backoff := initial << uint(attempt-1)
			if backoff > max || backoff <= 0 {
				backoff = max
			}
			select {
			case <-ctx.Done():
				return err
			case <-time.After(time.Duration(rand.Int63n(int64(backoff) + 1))):
			}
		}
	}
}

// carriesRequestID reports whether req has a non-empty request_id field.
func carriesRequestID(req interface{}) bool {
	r, ok := req.(interface{ GetRequestId() string })
	return ok && r.GetRequestId() != ""
}
