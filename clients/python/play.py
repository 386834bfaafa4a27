#!/usr/bin/env python3
"""Plays a whole game of any game the API declares on an Agora server with random bots in every
seat, while a separate spectator thread follows StreamEvents from version 0, then checks that:

* the subscriber received versions 1..final exactly once each, in order (no gap, no duplicate);
* the final streamed message carries the outcome and the FINISHED status;
* GetState's session carries the same outcome.

Exits non-zero with a clear message when any check or call fails. Uses the agora-sdk
package (pip install ./clients/python): its generated stubs, its bearer-token channel and its
StreamEvents follower.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import threading
import uuid
from typing import Any, Optional

try:
    import grpc
    from google.protobuf import json_format

    from agora.v1 import game_service_pb2 as svc
    from agora.v1 import games_pb2, session_pb2
    from agora_sdk import EventFollower, GameServiceStub, connect, with_token
except ImportError as exc:  # pragma: no cover - a set-up problem, reported plainly
    sys.exit(f"error: {exc}. Install the SDK first: pip install ./clients/python")

FINISHED = session_pb2.SESSION_STATUS_FINISHED
class CheckFailed(Exception):
    """A check of the end-to-end run failed."""


def action_text(action: games_pb2.GameAction) -> str:
    which = action.WhichOneof("game")
    if which is None:
        return "(empty action)"
    inner = getattr(action, which)
    kind = inner.WhichOneof("action")
    if kind is None:
        return f"({which}: empty action)"
    fields = json_format.MessageToDict(getattr(inner, kind), preserving_proto_field_name=True)
    return kind + (" " + json.dumps(fields, separators=(",", ":")) if fields else "")


def grpc_error(err: grpc.RpcError) -> str:
    code = err.code() if hasattr(err, "code") else None
    details = err.details() if hasattr(err, "details") else str(err)
    return f"{code.name if code else 'UNKNOWN'}: {details}"


class Subscriber(threading.Thread):
    """Follows StreamEvents as a spectator on its own channel with the SDK's EventFollower,
    which resumes after the last version seen when the stream breaks with UNAVAILABLE."""

    def __init__(self, server: str, session_id: str) -> None:
        super().__init__(name="agora-subscriber", daemon=True)
        self.server = server
        self.session_id = session_id
        self.received: list[int] = []
        self.last_message: Optional[svc.StreamEventsResponse] = None
        self.error: Optional[str] = None
        self._follower: Optional[EventFollower] = None
        self._halt = threading.Event()

    @property
    def reconnects(self) -> int:
        return self._follower.reconnects if self._follower is not None else 0

    def run(self) -> None:
        with connect(self.server) as channel:
            self._follower = EventFollower(GameServiceStub(channel), self.session_id)
            if self._halt.is_set():
                return
            try:
                for msg in self._follower:
                    self.received.append(msg.version)
                    self.last_message = msg
            except grpc.RpcError as err:
                if not self._halt.is_set():
                    self.error = f"StreamEvents failed: {grpc_error(err)}"
            except Exception as exc:  # noqa: BLE001 - reported by the main thread
                self.error = f"StreamEvents failed: {exc!r}"

    def stop(self) -> None:
        self._halt.set()
        if self._follower is not None:
            self._follower.cancel()


def call(fn: Any, request: Any) -> Any:
    """One call with a deadline; the channel's retry policy retries it when the server says so."""
    return fn(request, timeout=30)


class UsageError(Exception):
    """A bad --game or --set."""


def enum_prefix(enum) -> str:
    """The prefix of every value of `enum` by the proto style guide: OriginRuleSet -> ORIGIN_RULE_SET_."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", enum.name).upper() + "_"


def option_value(field, text: str):
    """`text` as the JSON value of one element of the options field `field`."""
    if field.enum_type is not None:
        # The short name (`junior`, `sea-dogs`) or the full one (`ORIGIN_RULE_SET_JUNIOR`).
        prefix = enum_prefix(field.enum_type)
        wanted = text.strip().replace("-", "_").upper()
        for value in field.enum_type.values:
            if value.name in (wanted, prefix + wanted):
                return value.name
        names = [v.name.removeprefix(prefix).lower() for v in field.enum_type.values if v.number != 0]
        raise UsageError(f"{field.name}: {text!r} is not one of {', '.join(names)}")
    if field.type == field.TYPE_BOOL:
        if text.lower() not in ("true", "false"):
            raise UsageError(f"{field.name}: {text!r} is not true or false")
        return text.lower() == "true"
    return text  # numbers and text: ParseDict reads and range-checks them


def game_options(game: str, players: int, pairs: list[str]) -> games_pb2.GameOptions:
    """GameOptions with the options message of `game` (the `game` oneof field named after its
    id, `-` written `_`): `players`, then each `name=value` pair."""
    oneof = games_pb2.GameOptions.DESCRIPTOR.oneofs_by_name["game"]
    fields = {f.name: f for f in oneof.fields}
    field = fields.get(game.replace("-", "_"))
    if field is None:
        known = ", ".join(name.replace("_", "-") for name in fields)
        raise UsageError(f"unknown game {game!r}; the API has {known}")
    message = field.message_type
    if message is None:
        raise UsageError(f"the options of {game!r} are not a message")
    values: dict = {}
    if "players" in message.fields_by_name:
        values["players"] = players
    for pair in pairs:
        name, sep, text = pair.partition("=")
        option = message.fields_by_name.get(name.strip().replace("-", "_"))
        if not sep or option is None:
            accepted = ", ".join(f.name for f in message.fields)
            raise UsageError(f"--set {pair!r}: {game} has the options {accepted}")
        if option.is_repeated:
            values[option.name] = [option_value(option, t) for t in text.split(",") if t.strip()]
        else:
            values[option.name] = option_value(option, text.strip())
    try:
        return json_format.ParseDict({field.name: values}, games_pb2.GameOptions())
    except json_format.ParseError as exc:
        raise UsageError(f"--set: {exc}") from exc


def options_text(options: games_pb2.GameOptions) -> str:
    """`origin {"players":2,"rules":"ORIGIN_RULE_SET_JUNIOR"}`."""
    which = options.WhichOneof("game")
    if which is None:
        return "(no game)"
    fields = json_format.MessageToDict(getattr(options, which), preserving_proto_field_name=True)
    return f"{which.replace('_', '-')} {json.dumps(fields, separators=(',', ':'))}"


def play(args: argparse.Namespace) -> int:
    options = game_options(args.game, args.players, args.set)
    rng = random.Random(args.bot_seed if args.bot_seed is not None else args.seed)
    with connect(args.server) as channel:
        try:
            grpc.channel_ready_future(channel).result(timeout=args.connect_timeout)
        except grpc.FutureTimeoutError:
            raise CheckFailed(f"cannot connect to {args.server} within {args.connect_timeout}s")
        stub = GameServiceStub(channel)

        # A request id on every mutating call: a retry after a lost answer gets the first
        # call's result (the same session, the same seat and token) instead of a second one.
        create = svc.CreateSessionRequest(options=options, request_id=str(uuid.uuid4()))
        if args.seed is not None:
            create.seed = args.seed
            # A chosen seed between people needs an unrated session (Session.seed_chosen).
            create.unrated = True
        session = stub.CreateSession(create, timeout=30).session
        sid = session.session_id
        print(f"created session {sid}: {options_text(options)}"
              + (f", seed {args.seed}" if args.seed is not None else ""))

        subscriber = Subscriber(args.server, sid)
        subscriber.start()

        # One stub per seat over the same connection, each sending its seat's token.
        seat_stubs: dict[int, GameServiceStub] = {}
        for info in session.seats:
            joined = stub.JoinSession(
                svc.JoinSessionRequest(
                    session_id=sid, seat=info.seat, player_name=f"py-bot-{info.seat}", request_id=str(uuid.uuid4())
                ),
                timeout=30,
            )
            if joined.seat != info.seat:
                raise CheckFailed(f"asked for seat {info.seat}, got seat {joined.seat}")
            seat_stubs[joined.seat] = GameServiceStub(with_token(channel, joined.seat_token))
            session = joined.session
        print(f"joined {len(seat_stubs)} seats")

        moves = 0
        while session.status != FINISHED:
            if moves >= args.max_moves:
                raise CheckFailed(f"the game did not end within {args.max_moves} moves")
            if not session.to_act:
                raise CheckFailed(f"version {session.version}: not finished but nobody is to act")
            seat = session.to_act[0]
            as_seat = seat_stubs[seat]
            legal = call(as_seat.ListLegalActions, svc.ListLegalActionsRequest(session_id=sid))
            if not legal.actions:
                raise CheckFailed(f"version {legal.version}: seat {seat} is to act but has no legal action")
            action = rng.choice(list(legal.actions))
            request = svc.SubmitActionRequest(
                session_id=sid,
                action=action,
                expected_version=legal.version,
                request_id=str(uuid.uuid4()),
            )
            try:
                resp = call(as_seat.SubmitAction, request)
            except grpc.RpcError as err:
                if err.code() == grpc.StatusCode.ABORTED:
                    session = stub.GetSession(svc.GetSessionRequest(session_id=sid), timeout=30).session
                    continue
                raise CheckFailed(
                    f"seat {seat} could not play {action_text(action)} at version {legal.version}: {grpc_error(err)}"
                )
            moves += 1
            if resp.version != legal.version + 1:
                raise CheckFailed(f"action at version {legal.version} created version {resp.version}")
            session = resp.session
            if not args.quiet:
                print(f"v{resp.version:<4} seat {seat}: {action_text(action)}")

        final = session.version
        print(f"game over after {moves} moves at version {final}")

        subscriber.join(timeout=args.stream_timeout)
        if subscriber.is_alive():
            subscriber.stop()
            subscriber.join(timeout=5)
            raise CheckFailed(
                f"the subscriber did not see the end within {args.stream_timeout}s "
                f"(last version received: {subscriber.received[-1] if subscriber.received else 'none'})"
            )
        if subscriber.error:
            raise CheckFailed(subscriber.error)

        got = subscriber.received
        expected = list(range(1, final + 1))
        if got != expected:
            dups = sorted({v for v in got if got.count(v) > 1})
            missing = sorted(set(expected) - set(got))
            raise CheckFailed(
                f"stream versions are not 1..{final} exactly once in order: received {len(got)} messages, "
                f"missing {missing[:20]}, duplicated {dups[:20]}"
            )
        last = subscriber.last_message
        if last is None or not last.HasField("outcome"):
            raise CheckFailed("the final streamed message has no outcome")
        if last.status != FINISHED:
            raise CheckFailed("the final streamed message is not marked FINISHED")

        state = stub.GetState(svc.GetStateRequest(session_id=sid), timeout=30)
        if not state.session.HasField("outcome"):
            raise CheckFailed("GetState's session has no outcome after the end")
        if state.session.outcome != last.outcome:
            raise CheckFailed("GetState's outcome differs from the streamed outcome")
        if len(state.session.outcome.standings) != len(state.session.seats):
            raise CheckFailed(
                f"the outcome has {len(state.session.outcome.standings)} standings "
                f"for {len(state.session.seats)} seats"
            )
        print(
            f"stream check passed: versions 1..{final} received once each in order "
            f"({subscriber.reconnects} reconnect(s)); outcome present in the stream and in GetState"
        )

        print("final standings:")
        for s in sorted(state.session.outcome.standings, key=lambda s: (s.rank, s.seat)):
            tb = f" (tie-breaks {', '.join(map(str, s.tie_breaks))})" if s.tie_breaks else ""
            print(f"  {s.rank}. seat {s.seat}: {s.score} points{tb}")
            for part in s.breakdown:
                print(f"       {part.points:>4}  {part.name}")
            if s.breakdown and sum(p.points for p in s.breakdown) != s.score:
                raise SystemExit(f"seat {s.seat}: the breakdown does not sum to the score {s.score}")
            if s.HasField("solo"):
                print(f"  solo: {'won' if s.solo.won else 'lost'} (target {s.solo.target})")
    return 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--server", default=os.environ.get("AGORA_SERVER", "127.0.0.1:50051"),
                   help="host:port of the server (default 127.0.0.1:50051, or AGORA_SERVER)")
    p.add_argument("--game", default="origin", help="the game's id (origin, terra-nova, ...)")
    p.add_argument("--players", type=int, default=4, help="short for --set players=N (default 4)")
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                   help="one option of the game, e.g. rules=junior, solo=true, factions=genies,golems "
                        "(enum values by short name); repeat for several")
    p.add_argument("--seed", type=int, default=None, help="seed of the game (server-drawn when absent)")
    p.add_argument("--bot-seed", type=int, default=None, help="seed of the bots (default: --seed)")
    p.add_argument("--max-moves", type=int, default=100_000)
    p.add_argument("--connect-timeout", type=float, default=10.0)
    p.add_argument("--stream-timeout", type=float, default=30.0,
                   help="seconds to wait after the end for the subscriber to see it")
    p.add_argument("-q", "--quiet", action="store_true", help="do not print every move")
    args = p.parse_args()
    try:
        game_options(args.game, args.players, args.set)
    except UsageError as exc:
        p.error(str(exc))
    if args.server.startswith("http://"):
        args.server = args.server[len("http://"):]
    try:
        return play(args)
    except CheckFailed as exc:
        print(f"FAILED: {exc}", file=sys.stderr)
        return 1
    except grpc.RpcError as err:
        print(f"FAILED: gRPC error {grpc_error(err)}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
