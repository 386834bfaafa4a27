// Command playgame plays one whole game on an Agora server with the generated Go SDK: it
// creates a session, takes every seat, and plays a random legal action for whichever seat is
// to act until the game ends, while a spectator follows StreamEvents from version 0 on its own
// connection. It then checks that the spectator received versions 1..final exactly once each,
// in order, and that the last one carries the outcome GetState reports. Exits 1 on any failure.
package main

import (
	"context"
	crand "crypto/rand"
	"errors"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"strings"
	"sync"
	"time"

	agorav1 "agora.dev/clients/go/agora/v1"
	"agora.dev/clients/go/sdk"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/prototext"
	"google.golang.org/protobuf/proto"
)

// serviceConfig is the API's retry policy: gRPC sends a call refused with UNAVAILABLE or
// RESOURCE_EXHAUSTED again, safe because every mutating call below carries a request_id.
const serviceConfig = `{"methodConfig": [{
  "name": [{"service": "agora.v1.GameService"}],
  "retryPolicy": {"maxAttempts": 5, "initialBackoff": "0.1s", "maxBackoff": "2s",
    "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE", "RESOURCE_EXHAUSTED"]}}]}`

// newRequestID is a random UUID (version 4) for the request_id of a mutating call.
func newRequestID() string {
	b := make([]byte, 16)
	if _, err := crand.Read(b); err != nil {
		panic(fmt.Sprintf("no random source for a request id: %v", err))
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

func dial(ctx context.Context, addr string) (*grpc.ClientConn, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return grpc.DialContext(ctx, addr, grpc.WithInsecure(), grpc.WithBlock(),
		grpc.WithDefaultServiceConfig(serviceConfig),
		grpc.WithUnaryInterceptor(sdk.RetryUnknown(5, 100*time.Millisecond, 2*time.Second)))
}

// withToken sends the seat token as `authorization: Bearer <token>` metadata.
func withToken(ctx context.Context, token string) context.Context {
	return metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+token)
}

// spectator follows StreamEvents without a token with sdk.FollowEvents, which resumes after
// the last version received on UNAVAILABLE or ABORTED and ends its call at the game's end.
type spectator struct {
	mu         sync.Mutex
	received   []uint64
	last       *agorav1.StreamEventsResponse
	reconnects int
	err        error
}

func (s *spectator) follow(ctx context.Context, client agorav1.GameServiceClient, sid string) {
	opts := sdk.FollowOptions{OnReconnect: func(uint64, error) { s.reconnects++ }}
	err := sdk.FollowEvents(ctx, client, sid, opts, func(msg *agorav1.StreamEventsResponse) error {
		if msg.RematchSessionId != "" {
			return nil // a notice after the end, not a version
		}
		s.mu.Lock()
		s.received = append(s.received, msg.Version)
		s.last = msg
		s.mu.Unlock()
		return nil
	})
	if err != nil {
		s.err = fmt.Errorf("StreamEvents failed: %w", err)
	}
}

func options(game string, players uint32, junior bool) (*agorav1.GameOptions, error) {
	switch game {
	case "origin":
		rules := agorav1.OriginRuleSet_ORIGIN_RULE_SET_STANDARD
		if junior {
			rules = agorav1.OriginRuleSet_ORIGIN_RULE_SET_JUNIOR
		}
		return &agorav1.GameOptions{Game: &agorav1.GameOptions_Origin{
			Origin: &agorav1.OriginOptions{Players: players, Rules: rules}}}, nil
	case "terra-nova":
		return &agorav1.GameOptions{Game: &agorav1.GameOptions_TerraNova{
			TerraNova: &agorav1.TerraNovaOptions{Players: players}}}, nil
	case "origins":
		return &agorav1.GameOptions{Game: &agorav1.GameOptions_Origins{
			Origins: &agorav1.OriginsOptions{Players: players}}}, nil
	case "attika":
		return &agorav1.GameOptions{Game: &agorav1.GameOptions_Attika{
			Attika: &agorav1.AttikaOptions{Players: players}}}, nil
	}
	return nil, fmt.Errorf("unknown game %q (origin, terra-nova, origins, attika)", game)
}

func play(addr, game string, players uint32, junior bool, seed int64, quiet bool) error {
	opts, err := options(game, players, junior)
	if err != nil {
		return err
	}
	ctx := context.Background()
	conn, err := dial(ctx, addr)
	if err != nil {
		return fmt.Errorf("cannot connect to %s: %w", addr, err)
	}
	defer conn.Close()
	spectatorConn, err := dial(ctx, addr)
	if err != nil {
		return fmt.Errorf("cannot connect to %s: %w", addr, err)
	}
	defer spectatorConn.Close()
	client := agorav1.NewGameServiceClient(conn)
	call := func() (context.Context, context.CancelFunc) { return context.WithTimeout(ctx, 30*time.Second) }

	create := &agorav1.CreateSessionRequest{Options: opts, RequestId: newRequestID()}
	if seed >= 0 {
		create.Seed = proto.Uint64(uint64(seed))
		// A chosen seed between people needs an unrated session (Session.SeedChosen).
		create.Unrated = true
	}
	cctx, cancel := call()
	created, err := client.CreateSession(cctx, create)
	cancel()
	if err != nil {
		return fmt.Errorf("CreateSession: %w", err)
	}
	session := created.Session
	sid := session.SessionId
	fmt.Printf("created session %s: %s, %d players\n", sid, game, players)

	spec := &spectator{}
	streamCtx, stopStream := context.WithCancel(ctx)
	defer stopStream()
	streamDone := make(chan struct{})
	go func() {
		spec.follow(streamCtx, agorav1.NewGameServiceClient(spectatorConn), sid)
		close(streamDone)
	}()

	tokens := map[uint32]string{}
	for _, seat := range session.Seats {
		cctx, cancel := call()
		joined, err := client.JoinSession(cctx, &agorav1.JoinSessionRequest{
			SessionId: sid, Seat: proto.Uint32(seat.Seat),
			PlayerName: fmt.Sprintf("go-bot-%d", seat.Seat), RequestId: newRequestID()})
		cancel()
		if err != nil {
			return fmt.Errorf("JoinSession seat %d: %w", seat.Seat, err)
		}
		if joined.Seat != seat.Seat {
			return fmt.Errorf("asked for seat %d, got %d", seat.Seat, joined.Seat)
		}
		tokens[joined.Seat] = joined.SeatToken
		session = joined.Session
	}
	fmt.Printf("joined %d seats\n", len(tokens))

	rng := rand.New(rand.NewSource(seed))
	moves := 0
	for session.Status != agorav1.SessionStatus_SESSION_STATUS_FINISHED {
		if moves >= 100000 {
			return errors.New("the game did not end within 100000 moves")
		}
		if len(session.ToAct) == 0 {
			return fmt.Errorf("version %d: not finished but nobody is to act", session.Version)
		}
		seat := session.ToAct[0]
		cctx, cancel := call()
		seatCtx := withToken(cctx, tokens[seat])
		legal, err := client.ListLegalActions(seatCtx, &agorav1.ListLegalActionsRequest{SessionId: sid})
		if err != nil {
			cancel()
			return fmt.Errorf("ListLegalActions seat %d: %w", seat, err)
		}
		if len(legal.Actions) == 0 {
			cancel()
			return fmt.Errorf("version %d: seat %d is to act but has no legal action", legal.Version, seat)
		}
		action := legal.Actions[rng.Intn(len(legal.Actions))]
		resp, err := client.SubmitAction(seatCtx, &agorav1.SubmitActionRequest{
			SessionId: sid, Action: action, ExpectedVersion: proto.Uint64(legal.Version), RequestId: newRequestID()})
		cancel()
		if status.Code(err) == codes.Aborted {
			// Someone else moved first (a server bot, a clock): reload and decide again.
			cctx, cancel := call()
			got, err := client.GetSession(cctx, &agorav1.GetSessionRequest{SessionId: sid})
			cancel()
			if err != nil {
				return fmt.Errorf("GetSession: %w", err)
			}
			session = got.Session
			continue
		}
		if err != nil {
			return fmt.Errorf("seat %d could not play at version %d: %w", seat, legal.Version, err)
		}
		moves++
		if resp.Version != legal.Version+1 {
			return fmt.Errorf("an action at version %d created version %d", legal.Version, resp.Version)
		}
		session = resp.Session
		if !quiet {
			fmt.Printf("v%-4d seat %d: %s\n", resp.Version, seat, prototext.MarshalOptions{}.Format(action))
		}
	}
	final := session.Version
	fmt.Printf("game over after %d moves at version %d\n", moves, final)

	select {
	case <-streamDone:
	case <-time.After(30 * time.Second):
		return fmt.Errorf("the spectator did not see the end within 30s")
	}
	if spec.err != nil {
		return spec.err
	}
	if uint64(len(spec.received)) != final {
		return fmt.Errorf("stream: %d versions received, expected 1..%d once each", len(spec.received), final)
	}
	for i, v := range spec.received {
		if v != uint64(i+1) {
			return fmt.Errorf("stream: message %d has version %d, expected %d (versions not 1..%d in order)", i, v, i+1, final)
		}
	}
	if spec.last == nil || spec.last.Outcome == nil {
		return errors.New("the final streamed message has no outcome")
	}
	cctx, cancel = call()
	state, err := client.GetState(cctx, &agorav1.GetStateRequest{SessionId: sid})
	cancel()
	if err != nil {
		return fmt.Errorf("GetState: %w", err)
	}
	if !proto.Equal(state.Session.Outcome, spec.last.Outcome) {
		return errors.New("GetState's outcome differs from the streamed outcome")
	}
	fmt.Printf("stream check passed: versions 1..%d received once each in order (%d reconnect(s)); outcome in the stream and in GetState\n",
		final, spec.reconnects)
	fmt.Println("final standings:")
	for _, s := range state.Session.Outcome.Standings {
		fmt.Printf("  %d. seat %d: %d points\n", s.Rank, s.Seat, s.Score)
	}
	return nil
}

func main() {
	addr := flag.String("server", "127.0.0.1:50051", "host:port of the server (or AGORA_SERVER)")
	game := flag.String("game", "origin", "origin, terra-nova, origins or attika")
	players := flag.Uint("players", 2, "number of players")
	junior := flag.Bool("junior", false, "Origin: the junior rule set")
	seed := flag.Int64("seed", -1, "seed of the game and of the random moves (server-drawn when negative)")
	quiet := flag.Bool("quiet", false, "do not print every move")
	flag.Parse()
	server := *addr
	if env := os.Getenv("AGORA_SERVER"); env != "" && !isSet("server") {
		server = env
	}
	server = strings.TrimPrefix(server, "http://")
	if err := play(server, *game, uint32(*players), *junior, *seed, *quiet); err != nil {
		fmt.Fprintln(os.Stderr, "FAILED:", err)
		os.Exit(1)
	}
}

func isSet(name string) bool {
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
