// Command followcheck checks sdk.FollowEvents against a real server through the StreamEvents
// double (clients/typescript/src/stream-double.ts), which ends a session's first call with
// ABORTED "resume from version N" and drops the second one's connection: it creates a game
// that server bots play on -server, follows it through -double, and checks that the follower
// resumed after ABORTED and after the drop from the last version it saw, and saw versions
// 1..final once each, in order. Exits 1 on any failure.
package main

import (
	"context"
	crand "crypto/rand"
	"flag"
	"fmt"
	"os"
	"time"

	agorav1 "agora.dev/clients/go/agora/v1"
	"agora.dev/clients/go/sdk"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

func requestID() string {
	b := make([]byte, 16)
	if _, err := crand.Read(b); err != nil {
		panic(err)
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

func run(server, double string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	conn, err := grpc.DialContext(ctx, server, grpc.WithInsecure(), grpc.WithBlock())
	if err != nil {
		return err
	}
	defer conn.Close()
	bot := agorav1.BotKind_BOT_KIND_RANDOM
	created, err := agorav1.NewGameServiceClient(conn).CreateSession(ctx, &agorav1.CreateSessionRequest{
		Options: &agorav1.GameOptions{Game: &agorav1.GameOptions_Origin{Origin: &agorav1.OriginOptions{
			Players: 2, Rules: agorav1.OriginRuleSet_ORIGIN_RULE_SET_JUNIOR}}},
		Bots:      []*agorav1.SeatBot{{Seat: 0, Kind: bot}, {Seat: 1, Kind: bot}},
		RequestId: requestID(),
	})
	if err != nil {
		d := sdk.DescribeError(err)
		return fmt.Errorf("CreateSession: %s %s %s", d.Name, d.Reason, d.Sentence)
	}
	sid := created.Session.SessionId
	// No retry policy on this connection: gRPC would otherwise send a dropped call again
	// itself when none of its messages had arrived, and the follower would not see the drop.
	dconn, err := grpc.DialContext(ctx, double, grpc.WithInsecure(), grpc.WithBlock())
	if err != nil {
		return err
	}
	defer dconn.Close()
	var versions []uint64
	var resumes []codes.Code
	var lastSeen []uint64
	var resumedAfter []uint64
	err = sdk.FollowEvents(ctx, agorav1.NewGameServiceClient(dconn), sid, sdk.FollowOptions{
		Delay: 50 * time.Millisecond,
		OnReconnect: func(after uint64, err error) {
			resumes = append(resumes, status.Code(err))
			resumedAfter = append(resumedAfter, after)
			seen := uint64(0)
			if len(versions) > 0 {
				seen = versions[len(versions)-1]
			}
			lastSeen = append(lastSeen, seen)
			fmt.Printf("followcheck: resumed after version %d (%v)\n", after, err)
		},
	}, func(m *agorav1.StreamEventsResponse) error {
		if m.RematchSessionId == "" {
			versions = append(versions, m.Version)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("FollowEvents: %w", err)
	}
	for i, v := range versions {
		if v != uint64(i+1) {
			return fmt.Errorf("version %d at position %d", v, i+1)
		}
	}
	if len(resumes) != 2 || resumes[0] != codes.Aborted || resumes[1] != codes.Unavailable {
		return fmt.Errorf("expected resumes after ABORTED then UNAVAILABLE, got %v", resumes)
	}
	if resumedAfter[0] != 2 || resumedAfter[0] != lastSeen[0] || resumedAfter[1] != lastSeen[1] {
		return fmt.Errorf("resumed after %v; the last versions seen were %v", resumedAfter, lastSeen)
	}
	fmt.Printf("followcheck: ABORTED and a dropped connection resumed from the last version seen (%d versions once each): ok\n", len(versions))
	return nil
}

func main() {
	server := flag.String("server", "127.0.0.1:50051", "the agora-server (host:port)")
	double := flag.String("double", "", "the StreamEvents double in front of it (host:port)")
	flag.Parse()
	if err := run(*server, *double); err != nil {
		fmt.Fprintf(os.Stderr, "FOLLOW CHECK FAILED: %v\n", err)
		os.Exit(1)
	}
}
