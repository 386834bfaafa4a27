package sdk

import (
	"context"
	"errors"
	"io"
	"time"

	agorav1 "agora.dev/clients/go/agora/v1"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// ResumeCodes are the codes after which FollowEvents resumes by default: UNAVAILABLE (a
// dropped connection, a replica stopping or cut off from its store) and ABORTED (this reader
// fell behind the game); both say "resume from version N" (docs/api.md).
var ResumeCodes = []codes.Code{codes.Unavailable, codes.Aborted}

// ErrStop, returned by a FollowEvents handler, ends the follow (FollowEvents returns nil).
var ErrStop = errors.New("stop following")

// FollowOptions tunes FollowEvents; the zero value is the usual follow.
type FollowOptions struct {
	// AfterVersion: stream the versions after this one (0: from the start).
	AfterVersion uint64
	// PastTheEnd goes on after the version that finishes the game, up to the rematch
	// notice (a message with RematchSessionId). False: the follow ends with the final version.
	PastTheEnd bool
	// ResumeOn: the codes after which the stream is resumed (nil: ResumeCodes).
	ResumeOn []codes.Code
	// MaxReconnects: resumes in a row without a new version before giving up (0: 20).
	MaxReconnects int
	// Delay before each resume (0: 200 ms).
	Delay time.Duration
	// OnReconnect, if set, is told each resume: the last version seen and the error (nil
	// when the server ended the stream before the game was over).
	OnReconnect func(afterVersion uint64, err error)
}

// IsFinal says whether a streamed version ends the game (it carries the outcome).
func IsFinal(m *agorav1.StreamEventsResponse) bool {
	return m.Outcome != nil || m.Status == agorav1.SessionStatus_SESSION_STATUS_FINISHED
}

// FollowEvents follows StreamEvents of a session and hands every message to handle, as the
// server sent it. When the stream breaks with a code in opts.ResumeOn, or the server ends it
// before the game is over, it asks again for the versions after the last one it saw.
// Every call it opens is cancelled when it stops, whatever stops it: the final version (or,
// with PastTheEnd, the rematch notice), handle returning an error (ErrStop: a normal stop),
// or ctx. The server keeps a finished game's stream open for the rematch notice, so a call
// left open would hold one of the connection's streams for as long as the session lives.
// It returns nil when the follow ended normally, ctx's error when ctx ended it, and
// otherwise the error that stopped it.
func FollowEvents(ctx context.Context, client agorav1.GameServiceClient, sessionID string,
	opts FollowOptions, handle func(*agorav1.StreamEventsResponse) error) error {
	resumeOn := opts.ResumeOn
	if resumeOn == nil {
		resumeOn = ResumeCodes
	}
	maxReconnects := opts.MaxReconnects
	if maxReconnects == 0 {
		maxReconnects = 20
	}
	delay := opts.Delay
	if delay == 0 {
		delay = 200 * time.Millisecond
	}
	after := opts.AfterVersion
	finished := false
	inARow := 0
	for {
		done, progressed, err := followOnce(ctx, client, sessionID, &after, &finished, opts.PastTheEnd, handle)
		if progressed {
			inARow = 0
		}
		if done {
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil && !hasCode(err, resumeOn) {
			return err
		}
		if err == nil && finished {
			return nil // the server closed the stream of a finished game
		}
		if inARow >= maxReconnects {
			return err
		}
		inARow++
		if opts.OnReconnect != nil {
			opts.OnReconnect(after, err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay):
		}
	}
}

// followOnce runs one StreamEvents call, cancelled when it returns. done: the follow is over
// (err is what FollowEvents returns); otherwise err is why the call ended (nil: the server
// ended it).
func followOnce(ctx context.Context, client agorav1.GameServiceClient, sessionID string, after *uint64,
	finished *bool, pastTheEnd bool, handle func(*agorav1.StreamEventsResponse) error) (done, progressed bool, err error) {
	callCtx, cancel := context.WithCancel(ctx)
	defer cancel() // ends the call on the server too
	stream, err := client.StreamEvents(callCtx, &agorav1.StreamEventsRequest{SessionId: sessionID, AfterVersion: *after})
	if err != nil {
		return false, false, err
	}
	for {
		msg, err := stream.Recv()
		if err == io.EOF {
			return false, progressed, nil
		}
		if err != nil {
			return false, progressed, err
		}
		notice := msg.RematchSessionId != ""
		if !notice && msg.Version > *after {
			*after = msg.Version
			progressed = true
		}
		if err := handle(msg); err != nil {
			if errors.Is(err, ErrStop) {
				return true, progressed, nil
			}
			return true, progressed, err
		}
		if notice {
			return true, progressed, nil // nothing follows a rematch notice
		}
		*finished = *finished || IsFinal(msg)
		if *finished && !pastTheEnd {
			return true, progressed, nil
		}
	}
}

func hasCode(err error, codes []codes.Code) bool {
	code := status.Code(err)
	for _, c := range codes {
		if c == code {
			return true
		}
	}
	return false
}
