package sdk

import (
	"context"
	"testing"
	"time"

	agorav1 "agora.dev/clients/go/agora/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// retried runs RetryUnknown around an invoker that fails with fails, in order, then
// succeeds; the final code and the number of attempts.
func retried(req interface{}, fails []codes.Code) (codes.Code, int) {
	calls := 0
	invoker := func(ctx context.Context, method string, req, reply interface{}, cc *grpc.ClientConn, opts ...grpc.CallOption) error {
		calls++
		if len(fails) > 0 {
			c := fails[0]
			fails = fails[1:]
			return status.Error(c, "cut")
		}
		return nil
	}
	interceptor := RetryUnknown(5, time.Microsecond, 2*time.Microsecond)
	err := interceptor(context.Background(), "/agora.v1.GameService/SubmitAction", req, nil, nil, invoker)
	return status.Code(err), calls
}

func TestRetryUnknownSendsAgainOnlyCallsWithARequestID(t *testing.T) {
	withID := &agorav1.SubmitActionRequest{SessionId: "s1", RequestId: "r1"}
	if code, calls := retried(withID, []codes.Code{codes.Unknown, codes.Unknown}); code != codes.OK || calls != 3 {
		t.Fatalf("with a request id: %v after %d calls, want OK after 3", code, calls)
	}
	many := []codes.Code{codes.Unknown, codes.Unknown, codes.Unknown, codes.Unknown, codes.Unknown, codes.Unknown}
	if code, calls := retried(withID, many); code != codes.Unknown || calls != 5 {
		t.Fatalf("gives up: %v after %d calls, want UNKNOWN after 5", code, calls)
	}
	if code, calls := retried(withID, []codes.Code{codes.Aborted}); code != codes.Aborted || calls != 1 {
		t.Fatalf("ABORTED: %v after %d calls, want ABORTED after 1", code, calls)
	}
	withoutID := &agorav1.SubmitActionRequest{SessionId: "s1"}
	if code, calls := retried(withoutID, []codes.Code{codes.Unknown}); code != codes.Unknown || calls != 1 {
		t.Fatalf("without a request id: %v after %d calls, want UNKNOWN after 1", code, calls)
	}
	noField := &agorav1.GetSessionRequest{SessionId: "s1"}
	if code, calls := retried(noField, []codes.Code{codes.Unknown}); code != codes.Unknown || calls != 1 {
		t.Fatalf("no request id field: %v after %d calls, want UNKNOWN after 1", code, calls)
	}
}
