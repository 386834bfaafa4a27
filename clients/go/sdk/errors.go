// Package sdk holds the Go SDK's hand-written helpers over the generated agora.v1 client
// (agora.dev/clients/go/agora/v1): DescribeError, which reads a failed call's code, refusal
// reason, sentence and field violations, and FollowEvents, a StreamEvents follower that
// resumes from the last version it saw and ends its call when it stops.
package sdk

import (
	"strings"
	"unicode"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// ErrorDomain is the domain of the server's google.rpc.ErrorInfo details.
const ErrorDomain = "agora.dev"

// FieldViolation is one field an INVALID_ARGUMENT names (google.rpc.BadRequest).
type FieldViolation struct {
	// Field is the field's path in the request, e.g. "action.origin.slot".
	Field string
	// Description is a sentence saying what is wrong with it.
	Description string
}

// Error is a failed call, ready to show and to handle.
type Error struct {
	// Code is the gRPC status code; Name its name ("FAILED_PRECONDITION").
	Code codes.Code
	Name string
	// Reason is ErrorInfo's reason: a game's rule code or a session reason ("SEAT_TAKEN");
	// "" when the error has none.
	Reason string
	// Sentence is the status message, a sentence to show a player.
	Sentence string
	// FieldViolations are BadRequest's (INVALID_ARGUMENT); empty when none.
	FieldViolations []FieldViolation
}

// DescribeError reads err (what a call returned) as an Error: the details are those of the
// google.rpc.Status the server sends with the status (grpc's status package decodes them).
// An error that is no gRPC status is UNKNOWN with its text.
func DescribeError(err error) Error {
	st, _ := status.FromError(err)
	described := Error{Code: st.Code(), Name: codeName(st.Code()), Sentence: st.Message()}
	for _, detail := range st.Details() {
		switch d := detail.(type) {
		case *errdetails.ErrorInfo:
			if described.Reason == "" {
				described.Reason = d.Reason
			}
		case *errdetails.BadRequest:
			for _, v := range d.FieldViolations {
				described.FieldViolations = append(described.FieldViolations,
					FieldViolation{Field: v.Field, Description: v.Description})
			}
		}
	}
	return described
}

// codeName is the gRPC name of a code: codes.FailedPrecondition -> "FAILED_PRECONDITION".
func codeName(code codes.Code) string {
	var b strings.Builder
	for i, r := range code.String() {
		if unicode.IsUpper(r) && i > 0 {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToUpper(r))
	}
	return b.String()
}
