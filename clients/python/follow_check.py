"""EventFollower against a real agora-server (clients/e2e.sh runs it):

  1. `--games` (300) games of server bots followed to the end on ONE channel (one HTTP/2
     connection), 8 at a time: the server allows 256 open streams per connection, so a
     follower that left a finished game's call open (the server keeps it for the rematch
     notice) would make a later follow fail with RESOURCE_EXHAUSTED. Every tenth game is
     followed past its end (until_finished=False) up to the rematch notice that a player's
     RematchSession sends. Each follow must see every version once, in order, and the end.
  2. With `--double HOST:PORT` (clients/typescript/src/stream-double.ts in front of the same
     server): one game followed through it, whose first call ends with ABORTED "resume from
     version N" and whose second loses its connection; the follower must resume twice from
     the last version it saw and still see every version once.

    python follow_check.py --server HOST:PORT [--double HOST:PORT] [--games 300]
"""

from __future__ import annotations

import argparse
import sys
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Optional

import grpc

from agora.v1 import game_service_pb2 as pb
from agora.v1 import games_pb2, origin_pb2, session_pb2
from agora_sdk import EventFollower, GameServiceStub, bearer, connect, describe_error, is_final


def bot_game(stub: GameServiceStub, player: bool) -> tuple[str, Optional[str]]:
    """An Origin junior game for 2 that server bots play; with `player`, seat 0 is joined first."""
    seats = [1] if player else [0, 1]
    created = stub.CreateSession(pb.CreateSessionRequest(
        options=games_pb2.GameOptions(origin=origin_pb2.OriginOptions(players=2, rules=origin_pb2.ORIGIN_RULE_SET_JUNIOR)),
        bots=[pb.SeatBot(seat=s, kind=session_pb2.BOT_KIND_RANDOM) for s in seats],
        request_id=str(uuid.uuid4()),
    ))
    session_id = created.session.session_id
    if not player:
        return session_id, None
    joined = stub.JoinSession(pb.JoinSessionRequest(session_id=session_id, seat=0, player_name="Ada",
                                                    request_id=str(uuid.uuid4())))
    stub.HandSeatToBot(pb.HandSeatToBotRequest(session_id=session_id, kind=session_pb2.BOT_KIND_RANDOM,
                                               request_id=str(uuid.uuid4())), metadata=tuple(bearer(joined.seat_token)))
    return session_id, joined.seat_token


def check_versions(what: str, messages: list[pb.StreamEventsResponse]) -> None:
    versions = [m.version for m in messages if not m.rematch_session_id]
    if versions != list(range(1, len(versions) + 1)):
        raise SystemExit(f"FOLLOW CHECK FAILED: {what}: versions {versions[:20]}... not 1..n once each")
    if not versions or not is_final([m for m in messages if not m.rematch_session_id][-1]):
        raise SystemExit(f"FOLLOW CHECK FAILED: {what}: the follow ended before the game did")


def follow_game(api: GameServiceStub, shared: GameServiceStub, n: int) -> None:
    rematch = n % 10 == 0
    session_id, token = bot_game(api, rematch)
    messages: list[pb.StreamEventsResponse] = []
    for message in EventFollower(shared, session_id, until_finished=not rematch, delay=0.05):
        messages.append(message)
        if rematch and token and not message.rematch_session_id and is_final(message):
            api.RematchSession(pb.RematchSessionRequest(session_id=session_id), metadata=tuple(bearer(token)))
    check_versions(f"game {n} ({session_id})", messages)
    if rematch and not messages[-1].rematch_session_id:
        raise SystemExit(f"FOLLOW CHECK FAILED: game {n} ({session_id}): no rematch notice")


def many_games(server: str, count: int, parallel: int) -> None:
    api = GameServiceStub(connect(server))
    shared = GameServiceStub(connect(server))  # every follow on this one channel
    lock = threading.Lock()
    done = [0]

    def one(n: int) -> None:
        follow_game(api, shared, n)
        with lock:
            done[0] += 1

    with ThreadPoolExecutor(parallel) as pool:
        list(pool.map(one, range(1, count + 1)))
    session_id, _ = bot_game(api, False)
    check_versions("the follow after them all", list(EventFollower(shared, session_id)))
    print(f"follow_check: {done[0]} games (every tenth up to its rematch notice) followed on one channel, "
          f"{parallel} at a time, and one more after them: ok")


def through_double(server: str, double: str) -> None:
    api = GameServiceStub(connect(server))
    session_id, _ = bot_game(api, False)
    messages: list[pb.StreamEventsResponse] = []
    resumes: list[tuple[int, int, Optional[grpc.StatusCode]]] = []

    def on_reconnect(after: int, error: Optional[grpc.RpcError]) -> None:
        code = error.code() if isinstance(error, grpc.Call) else None
        seen = messages[-1].version if messages else 0
        resumes.append((after, seen, code))
        print(f"follow_check: resumed after version {after} ({code}: {error.details() if isinstance(error, grpc.Call) else 'ended'})")

    # A channel without connect()'s retry policy: gRPC itself would send the dropped call
    # again when none of its messages had arrived, and the follower would not see the drop.
    follower = EventFollower(GameServiceStub(grpc.insecure_channel(double)), session_id, delay=0.05,
                             on_reconnect=on_reconnect)
    messages.extend(follower)
    check_versions("the follow through the double", messages)
    codes = [code for _, _, code in resumes]
    if codes != [grpc.StatusCode.ABORTED, grpc.StatusCode.UNAVAILABLE]:
        raise SystemExit(f"FOLLOW CHECK FAILED: expected resumes after ABORTED then UNAVAILABLE, got {codes}")
    if any(after != seen for after, seen, _ in resumes) or resumes[0][0] != 2:
        raise SystemExit(f"FOLLOW CHECK FAILED: not resumed from the last version seen: {resumes}")
    print(f"follow_check: ABORTED and a dropped connection resumed from the last version seen "
          f"({len(messages)} versions once each): ok")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", required=True)
    parser.add_argument("--double")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--parallel", type=int, default=8)
    args = parser.parse_args()
    server = args.server.removeprefix("http://")
    try:
        many_games(server, args.games, args.parallel)
        if args.double:
            through_double(server, args.double)
    except grpc.RpcError as err:
        described = describe_error(err)
        sys.exit(f"FOLLOW CHECK FAILED: {described.name} {described.reason} {described.sentence}")


if __name__ == "__main__":
    main()
