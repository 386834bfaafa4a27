#!/usr/bin/env python3
"""Plays a whole game of any game the API declares on an Agora server with random bots in every
seat, while a separate spectator thread follows StreamEvents from version 0, then checks that:

* the subscriber received versions 1..final exactly once each, in order (no gap, no duplicate);
* the final streamed message carries the outcome and the FINISHED status;
* GetState's session carries the same outcome.

Exits non-zero with a clear message when any check or call fails. Run generate.py first.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import threading
import time
import uuid

try:
    import grpc
    from google.protobuf import json_format

    from agora.v1 import game_service_pb2 as svc
    from agora.v1 import game_service_pb2_grpc as svc_grpc
    from agora.v1 import games_pb2, session_pb2
except ImportError as exc:  # pragma: no cover - a set-up problem, reported plainly
    sys.exit(
        f"error: {exc}. Install the requirements (pip install -r requirements.txt) "
        "and run generate.py first."
    )

FINISHED = session_pb2.SESSION_STATUS_FINISHED
RETRY_CODES = (grpc.StatusCode.UNAVAILABLE,)

# The API's retry policy (README, "Retries"), as the channel's default service config: gRPC
# itself sends a call refused with UNAVAILABLE or RESOURCE_EXHAUSTED again, unchanged, with
# exponential backoff and jitter. Safe because every mutating call below carries a request_id.
SERVICE_CONFIG = {
    "methodConfig": [{
        "name": [{"service": "agora.v1.GameService"}],
        "retryPolicy": {
            "maxAttempts": 5,
            "initialBackoff": "0.1s",
            "maxBackoff": "2s",
            "backoffMultiplier": 2,
            "retryableStatusCodes": ["UNAVAILABLE", "RESOURCE_EXHAUSTED"],
        },
    }]
}
CHANNEL_OPTIONS = [
    ("grpc.enable_retries", 1),
    ("grpc.service_config", json.dumps(SERVICE_CONFIG)),
]


class CheckFailed(Exception):
    """A check of the end-to-end run failed."""


def auth(token: str | None):
    return [("authorization", f"Bearer {token}")] if token else []


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
    """Follows StreamEvents as a spectator on its own channel, resuming on UNAVAILABLE."""

    def __init__(self, server: str, session_id: str) -> None:
        super().__init__(name="agora-subscriber", daemon=True)
        self.server = server
        self.session_id = session_id
        self.received: list[int] = []
        self.last_message: svc.StreamEventsResponse | None = None
        self.error: str | None = None
        self.reconnects = 0
        self._call = None
        self._halt = threading.Event()

    def run(self) -> None:
        after = 0
        with grpc.insecure_channel(self.server, options=CHANNEL_OPTIONS) as channel:
            stub = svc_grpc.GameServiceStub(channel)
            while not self._halt.is_set():
                try:
                    self._call = stub.StreamEvents(
                        svc.StreamEventsRequest(session_id=self.session_id, after_version=after)
                    )
                    for msg in self._call:
                        self.received.append(msg.version)
                        self.last_message = msg
                        after = max(after, msg.version)
                        if msg.HasField("outcome") or msg.status == FINISHED:
                            return
                    # The server closed the stream before the end: resume.
                    self.reconnects += 1
                except grpc.RpcError as err:
                    if self._halt.is_set():
                        return
                    if err.code() in RETRY_CODES and self.reconnects < 20:
                        self.reconnects += 1
                        time.sleep(0.2)
                        continue
                    self.error = f"StreamEvents failed: {grpc_error(err)}"
                    return
                except Exception as exc:  # noqa: BLE001 - reported by the main thread
                    self.error = f"StreamEvents failed: {exc!r}"
                    return

    def stop(self) -> None:
        self._halt.set()
        if self._call is not None:
            self._call.cancel()


def call(fn, request, metadata):
    """One call with a deadline; the channel's retry policy retries it when the server says so."""
    return fn(request, metadata=metadata, timeout=30)


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
    fields = json_format.MessageToDict(getattr(options, which), preserving_proto_field_name=True)
    return f"{which.replace('_', '-')} {json.dumps(fields, separators=(',', ':'))}"


def play(args: argparse.Namespace) -> int:
    options = game_options(args.game, args.players, args.set)
    rng = random.Random(args.bot_seed if args.bot_seed is not None else args.seed)
    with grpc.insecure_channel(args.server, options=CHANNEL_OPTIONS) as channel:
        try:
            grpc.channel_ready_future(channel).result(timeout=args.connect_timeout)
        except grpc.FutureTimeoutError:
            raise CheckFailed(f"cannot connect to {args.server} within {args.connect_timeout}s")
        stub = svc_grpc.GameServiceStub(channel)

        # A request id on every mutating call: a retry after a lost answer gets the first
        # call's result (the same session, the same seat and token) instead of a second one.
        create = svc.CreateSessionRequest(options=options, request_id=str(uuid.uuid4()))
        if args.seed is not None:
            create.seed = args.seed
        session = stub.CreateSession(create, timeout=30).session
        sid = session.session_id
        print(f"created session {sid}: {options_text(options)}"
              + (f", seed {args.seed}" if args.seed is not None else ""))

        subscriber = Subscriber(args.server, sid)
        subscriber.start()

        tokens: dict[int, str] = {}
        for seat in session.seats:
            joined = stub.JoinSession(
                svc.JoinSessionRequest(
                    session_id=sid, seat=seat.seat, player_name=f"py-bot-{seat.seat}", request_id=str(uuid.uuid4())
                ),
                timeout=30,
            )
            if joined.seat != seat.seat:
                raise CheckFailed(f"asked for seat {seat.seat}, got seat {joined.seat}")
            tokens[joined.seat] = joined.seat_token
            session = joined.session
        print(f"joined {len(tokens)} seats")

        moves = 0
        while session.status != FINISHED:
            if moves >= args.max_moves:
                raise CheckFailed(f"the game did not end within {args.max_moves} moves")
            if not session.to_act:
                raise CheckFailed(f"version {session.version}: not finished but nobody is to act")
            seat = session.to_act[0]
            md = auth(tokens[seat])
            legal = call(stub.ListLegalActions, svc.ListLegalActionsRequest(session_id=sid), md)
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
                resp = call(stub.SubmitAction, request, md)
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
            seen = set()
            dups = sorted({v for v in got if v in seen or seen.add(v)})
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
