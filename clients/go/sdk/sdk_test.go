package sdk

import (
	"context"
	"io"
	"reflect"
	"testing"

	agorav1 "agora.dev/clients/go/agora/v1"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// step is one scripted StreamEvents call: its messages, then err (nil: the server keeps the
// stream open, as it does after a game's end, until the call is cancelled).
type step struct {
	msgs []*agorav1.StreamEventsResponse
	err  error
}

type fakeStream struct {
	grpc.ClientStream
	ctx  context.Context
	step step
}

func (s *fakeStream) Recv() (*agorav1.StreamEventsResponse, error) {
	if len(s.step.msgs) > 0 {
		m := s.step.msgs[0]
		s.step.msgs = s.step.msgs[1:]
		return m, nil
	}
	if s.step.err != nil {
		return nil, s.step.err
	}
	<-s.ctx.Done() // open until cancelled
	return nil, status.Error(codes.Canceled, "cancelled")
}

type fakeClient struct {
	agorav1.GameServiceClient
	script   []step
	requests []uint64
	contexts []context.Context
}

func (c *fakeClient) StreamEvents(ctx context.Context, in *agorav1.StreamEventsRequest, _ ...grpc.CallOption) (agorav1.GameService_StreamEventsClient, error) {
	c.requests = append(c.requests, in.AfterVersion)
	c.contexts = append(c.contexts, ctx)
	s := c.script[0]
	c.script = c.script[1:]
	return &fakeStream{ctx: ctx, step: s}, nil
}

func version(n uint64, final bool) *agorav1.StreamEventsResponse {
	m := &agorav1.StreamEventsResponse{Version: n}
	if final {
		m.Status = agorav1.SessionStatus_SESSION_STATUS_FINISHED
		m.Outcome = &agorav1.Outcome{}
	}
	return m
}

func follow(t *testing.T, c *fakeClient, opts FollowOptions) []uint64 {
	t.Helper()
	var got []uint64
	opts.Delay = 1
	err := FollowEvents(context.Background(), c, "s1", opts, func(m *agorav1.StreamEventsResponse) error {
		got = append(got, m.Version)
		return nil
	})
	if err != nil {
		t.Fatalf("FollowEvents: %v", err)
	}
	return got
}

func TestFollowEventsResumesAfterUnavailableAbortedAndAnEarlyEnd(t *testing.T) {
	c := &fakeClient{script: []step{
		{[]*agorav1.StreamEventsResponse{version(1, false), version(2, false)}, status.Error(codes.Aborted, "This stream fell behind the game; resume from version 2.")},
		{nil, io.EOF},
		{[]*agorav1.StreamEventsResponse{version(3, false)}, status.Error(codes.Unavailable, "dropped")},
		{[]*agorav1.StreamEventsResponse{version(4, true)}, nil},
	}}
	got := follow(t, c, FollowOptions{})
	if !reflect.DeepEqual(got, []uint64{1, 2, 3, 4}) || !reflect.DeepEqual(c.requests, []uint64{0, 2, 2, 3}) {
		t.Fatalf("versions %v, requests after %v", got, c.requests)
	}
	for i, ctx := range c.contexts {
		if ctx.Err() == nil {
			t.Fatalf("call %d was not cancelled", i)
		}
	}
}

func TestFollowEventsCancelsItsCallAfterTheRematchNotice(t *testing.T) {
	notice := &agorav1.StreamEventsResponse{Version: 1, RematchSessionId: "s2"}
	c := &fakeClient{script: []step{{[]*agorav1.StreamEventsResponse{version(1, true), notice}, nil}}}
	if got := follow(t, c, FollowOptions{PastTheEnd: true}); len(got) != 2 || c.contexts[0].Err() == nil {
		t.Fatalf("got %v; call cancelled: %v", got, c.contexts[0].Err())
	}
}

func TestFollowEventsReturnsOtherErrors(t *testing.T) {
	c := &fakeClient{script: []step{{nil, status.Error(codes.PermissionDenied, "no")}}}
	err := FollowEvents(context.Background(), c, "s1", FollowOptions{}, func(*agorav1.StreamEventsResponse) error { return nil })
	if status.Code(err) != codes.PermissionDenied {
		t.Fatalf("got %v", err)
	}
}

func TestDescribeError(t *testing.T) {
	st, err := status.New(codes.FailedPrecondition, "It is not your turn.").
		WithDetails(&errdetails.ErrorInfo{Reason: "NOT_YOUR_TURN", Domain: ErrorDomain})
	if err != nil {
		t.Fatal(err)
	}
	got := DescribeError(st.Err())
	want := Error{Code: codes.FailedPrecondition, Name: "FAILED_PRECONDITION", Reason: "NOT_YOUR_TURN", Sentence: "It is not your turn."}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v", got)
	}
	bad, err := status.New(codes.InvalidArgument, "seed: not allowed.").WithDetails(&errdetails.BadRequest{
		FieldViolations: []*errdetails.BadRequest_FieldViolation{{Field: "seed", Description: "not allowed."}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := DescribeError(bad.Err()); !reflect.DeepEqual(got.FieldViolations, []FieldViolation{{"seed", "not allowed."}}) || got.Reason != "" {
		t.Fatalf("got %+v", got)
	}
	if got := DescribeError(io.EOF); got.Code != codes.Unknown || got.Name != "UNKNOWN" || got.Sentence != "EOF" {
		t.Fatalf("got %+v", got)
	}
}
