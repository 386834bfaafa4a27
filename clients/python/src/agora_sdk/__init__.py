"""Helpers over the generated `agora.v1` stubs: a channel with the API's retry policy,
the seat token as bearer metadata, a StreamEvents follower that resumes from the last
version it saw (after a dropped connection or a slow read) and closes its call when it
stops, and `describe_error`, which reads a failed call's code, refusal reason, sentence and
field violations.

    from agora.v1 import game_service_pb2 as pb
    from agora_sdk import connect, with_token, EventFollower, GameServiceStub

    channel = connect("127.0.0.1:50051")
    stub = GameServiceStub(channel)
    session = stub.CreateSession(pb.CreateSessionRequest(...)).session
    seat_stub = GameServiceStub(with_token(channel, seat_token))
    for update in EventFollower(stub, session.session_id):
        ...
    try:
        seat_stub.SubmitAction(...)
    except grpc.RpcError as err:
        refusal = describe_error(err)   # refusal.reason == "NOT_YOUR_TURN", refusal.sentence ...
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Optional, Union

import grpc
# googleapis-common-protos (a dependency of grpcio-status) ships no type stubs.
from google.rpc import error_details_pb2  # type: ignore[import-untyped]
from grpc_status import rpc_status

from agora.v1 import game_service_pb2, session_pb2
from agora.v1.game_service_pb2_grpc import GameServiceStub

# gRPC metadata: (key, value) pairs; binary values for keys ending in "-bin".
Metadata = Sequence[tuple[str, Union[str, bytes]]]

__all__ = [
    "Metadata",
    "ERROR_DOMAIN",
    "RESUME_CODES",
    "SERVICE_CONFIG",
    "AgoraError",
    "BearerToken",
    "EventFollower",
    "RetryUnknown",
    "FieldViolation",
    "GameServiceStub",
    "bearer",
    "channel_options",
    "connect",
    "describe_error",
    "is_final",
    "with_token",
]

# The API's retry policy (the server README's "Error codes and retries") as a channel's
# default service config: gRPC itself sends a call refused with UNAVAILABLE or
# RESOURCE_EXHAUSTED again, with backoff. Safe because mutating calls carry a request_id.
SERVICE_CONFIG: dict[str, Any] = {
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


def channel_options() -> list[tuple[str, Any]]:
    """Channel options that turn on retries with SERVICE_CONFIG."""
    return [("grpc.enable_retries", 1), ("grpc.service_config", json.dumps(SERVICE_CONFIG))]


def bearer(token: Optional[str]) -> list[tuple[str, str]]:
    """The call metadata that authenticates a seat (`authorization: Bearer <token>`)."""
    return [("authorization", f"Bearer {token}")] if token else []


class _CallDetails(grpc.ClientCallDetails):
    def __init__(self, base: grpc.ClientCallDetails, metadata: Metadata) -> None:
        self.method = base.method
        self.timeout = base.timeout
        self.metadata = tuple(metadata)
        self.credentials = base.credentials
        self.wait_for_ready = getattr(base, "wait_for_ready", None)
        self.compression = getattr(base, "compression", None)


class BearerToken(grpc.UnaryUnaryClientInterceptor, grpc.UnaryStreamClientInterceptor):
    """Adds `authorization: Bearer <token>` to every call, unless the call sets its own.

    gRPC's call credentials would do this only on TLS channels; an interceptor also works on
    the plaintext channels of development and tests."""

    def __init__(self, token: str) -> None:
        self._token = token

    def _details(self, details: grpc.ClientCallDetails) -> grpc.ClientCallDetails:
        metadata = list(details.metadata or [])
        if not any(key == "authorization" for key, _ in metadata):
            metadata.extend(bearer(self._token))
        return _CallDetails(details, metadata)

    def intercept_unary_unary(self, continuation: Any, client_call_details: Any, request: Any) -> Any:
        return continuation(self._details(client_call_details), request)

    def intercept_unary_stream(self, continuation: Any, client_call_details: Any, request: Any) -> Any:
        return continuation(self._details(client_call_details), request)


def with_token(channel: grpc.Channel, token: str) -> grpc.Channel:
    """`channel` (its connection shared) with every call authenticated as the seat `token`."""
    return grpc.intercept_channel(channel, BearerToken(token))


def _carries_request_id(request: Any) -> bool:
    request_id = getattr(request, "request_id", None)
    return isinstance(request_id, str) and request_id != ""


class RetryUnknown(grpc.UnaryUnaryClientInterceptor):
    """Sends a unary call that carries a non-empty `request_id` again after UNKNOWN (a proxy's
    or HTTP/2 error whose outcome is unknown; gRPC's retry policy never retries UNKNOWN), with
    the policy's backoff: the server answers the retry with what the first attempt did
    (docs/api.md, "Retries"). Calls without a request id are never sent twice."""

    def __init__(
        self,
        max_attempts: int = 5,
        initial_backoff: float = 0.1,
        max_backoff: float = 2.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self._max_attempts = max_attempts
        self._initial = initial_backoff
        self._max = max_backoff
        self._sleep = sleep

    def intercept_unary_unary(self, continuation: Any, client_call_details: Any, request: Any) -> Any:
        attempt = 1
        while True:
            outcome = continuation(client_call_details, request)
            if attempt >= self._max_attempts or not _carries_request_id(request):
                return outcome
            if outcome.code() != grpc.StatusCode.UNKNOWN:
                return outcome
            self._sleep(random.uniform(0, min(self._max, self._initial * 2 ** (attempt - 1))))
            attempt += 1


def connect(
    target: str,
    token: Optional[str] = None,
    *,
    credentials: Optional[grpc.ChannelCredentials] = None,
    options: Sequence[tuple[str, Any]] = (),
) -> grpc.Channel:
    """A channel to `target` (host:port; a leading http:// is dropped) with the API's retry
    policy (and RetryUnknown for calls with a request id); TLS when `credentials` are given;
    with `token`, every call carries it."""
    target = target.removeprefix("http://")
    all_options = [*channel_options(), *options]
    if credentials is None:
        channel = grpc.insecure_channel(target, options=all_options)
    else:
        channel = grpc.secure_channel(target, credentials, options=all_options)
    channel = grpc.intercept_channel(channel, RetryUnknown())
    return with_token(channel, token) if token else channel


# The codes after which EventFollower resumes by default: UNAVAILABLE (a dropped
# connection, a replica stopping or cut off from its store) and ABORTED (this reader fell
# behind the game); both say "resume from version N" (docs/api.md, "Streams and resumption").
RESUME_CODES: tuple[grpc.StatusCode, ...] = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.ABORTED)


class EventFollower:
    """Iterates over StreamEvents of a session, resuming from the last version it saw.

    Each message is yielded as the server sent it (nothing is dropped or de-duplicated,
    so a caller can check that versions arrive once each, in order). When the stream breaks
    with a status in `resume_on` (UNAVAILABLE, which a dropped connection gives, and ABORTED,
    a reader that fell behind, by default), or the server ends it before the game is over,
    the follower waits `delay` seconds and asks again for the versions after the last one it
    saw (`StreamEventsRequest.after_version`), at most `max_reconnects` times in a row
    without a new version.

    Every call it opens is cancelled when it stops, whatever stops it: with `until_finished`
    (the default) after the message that finishes the game; without it, after the rematch
    notice (`rematch_session_id`, the last thing a stream sends); `cancel()` (from any
    thread); or the caller leaving the loop (`break`, an exception, closing the iterator).
    The server keeps a finished game's stream open for the rematch notice, so a call left
    open would hold one of the connection's streams for as long as the session lives.
    """

    def __init__(
        self,
        stub: GameServiceStub,
        session_id: str,
        after_version: int = 0,
        *,
        metadata: Metadata = (),
        until_finished: bool = True,
        resume_on: Sequence[grpc.StatusCode] = RESUME_CODES,
        max_reconnects: int = 20,
        delay: float = 0.2,
        on_reconnect: Optional[Callable[[int, Optional[grpc.RpcError]], None]] = None,
    ) -> None:
        self.stub = stub
        self.session_id = session_id
        self.last_version = after_version
        self.reconnects = 0
        self.metadata = tuple(metadata)
        self.until_finished = until_finished
        self.resume_on = tuple(resume_on)
        self.max_reconnects = max_reconnects
        self.delay = delay
        self.on_reconnect = on_reconnect
        self._call: Any = None
        self._cancelled = threading.Event()

    def __iter__(self) -> Iterator[game_service_pb2.StreamEventsResponse]:
        finished = False
        in_a_row = 0
        while not self._cancelled.is_set():
            error: Optional[grpc.RpcError] = None
            request = game_service_pb2.StreamEventsRequest(
                session_id=self.session_id, after_version=self.last_version
            )
            call = self.stub.StreamEvents(request, metadata=self.metadata)
            self._call = call
            try:
                for message in call:
                    notice = bool(message.rematch_session_id)
                    if not notice and message.version > self.last_version:
                        self.last_version = message.version
                        in_a_row = 0
                    yield message
                    if notice:
                        return  # nothing follows a rematch notice
                    finished = finished or is_final(message)
                    if self.until_finished and finished:
                        return
            except grpc.RpcError as err:
                if self._cancelled.is_set():
                    return
                code = err.code() if isinstance(err, grpc.Call) else None
                if code not in self.resume_on:
                    raise
                error = err
            finally:
                # Ends the call on the server too (a no-op when the server closed it).
                call.cancel()
                self._call = None
            if self._cancelled.is_set() or (error is None and finished):
                return  # cancelled, or the server closed the stream of a finished game
            if in_a_row >= self.max_reconnects:
                if error is not None:
                    raise error
                return
            in_a_row += 1
            self.reconnects += 1
            if self.on_reconnect is not None:
                self.on_reconnect(self.last_version, error)
            self._cancelled.wait(self.delay)

    def cancel(self) -> None:
        """Ends the iteration (the current call is cancelled)."""
        self._cancelled.set()
        call = self._call
        if call is not None:
            call.cancel()


def is_final(message: game_service_pb2.StreamEventsResponse) -> bool:
    """Whether this streamed version ends the game (it carries the outcome)."""
    return message.HasField("outcome") or message.status == session_pb2.SESSION_STATUS_FINISHED


# The domain of the server's google.rpc.ErrorInfo details.
ERROR_DOMAIN = "agora.dev"


@dataclass(frozen=True)
class FieldViolation:
    """One field an INVALID_ARGUMENT names (google.rpc.BadRequest.FieldViolation)."""

    field: str
    description: str


@dataclass(frozen=True)
class AgoraError:
    """A failed call, ready to show and to handle (`describe_error`)."""

    # The gRPC status code, and its name ("FAILED_PRECONDITION").
    code: grpc.StatusCode
    name: str
    # ErrorInfo's reason: a game's rule code or a session reason ("SEAT_TAKEN"); "" when none.
    reason: str
    # The sentence to show a player (the status message).
    sentence: str
    # BadRequest's field violations (INVALID_ARGUMENT); empty when none.
    field_violations: list[FieldViolation] = field(default_factory=list)


def describe_error(error: grpc.RpcError) -> AgoraError:
    """`error` (what a call raised) as {code, name, reason, sentence, field violations}.

    The details come from the google.rpc.Status the server sends in the trailing metadata
    (`grpc-status-details-bin`), read with grpcio-status; an error without one (raised by
    the client library itself) keeps its code and message, with no reason."""
    code = error.code() if isinstance(error, grpc.Call) else grpc.StatusCode.UNKNOWN
    sentence = (error.details() if isinstance(error, grpc.Call) else None) or str(error)
    reason = ""
    violations: list[FieldViolation] = []
    try:
        status = rpc_status.from_call(error) if isinstance(error, grpc.Call) else None
    except ValueError:  # a Status whose code or message disagrees with the call's: ignored
        status = None
    details: Sequence[Any] = status.details if status is not None else ()
    for detail in details:
        if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            detail.Unpack(info)
            reason = reason or info.reason
        elif detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
            bad = error_details_pb2.BadRequest()
            detail.Unpack(bad)
            violations.extend(FieldViolation(v.field, v.description) for v in bad.field_violations)
    return AgoraError(code=code, name=code.name, reason=reason, sentence=sentence, field_violations=violations)
