"""Helpers over the generated `agora.v1` stubs: a channel with the API's retry policy,
the seat token as bearer metadata, and a StreamEvents follower that resumes after a dropped
connection from the last version it saw.

    from agora.v1 import game_service_pb2 as pb
    from agora_sdk import connect, with_token, EventFollower, GameServiceStub

    channel = connect("127.0.0.1:50051")
    stub = GameServiceStub(channel)
    session = stub.CreateSession(pb.CreateSessionRequest(...)).session
    seat_stub = GameServiceStub(with_token(channel, seat_token))
    for update in EventFollower(stub, session.session_id):
        ...
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Optional, Union

import grpc

from agora.v1 import game_service_pb2, session_pb2
from agora.v1.game_service_pb2_grpc import GameServiceStub

# gRPC metadata: (key, value) pairs; binary values for keys ending in "-bin".
Metadata = Sequence[tuple[str, Union[str, bytes]]]

__all__ = [
    "Metadata",
    "SERVICE_CONFIG",
    "BearerToken",
    "EventFollower",
    "GameServiceStub",
    "bearer",
    "channel_options",
    "connect",
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


def connect(
    target: str,
    token: Optional[str] = None,
    *,
    credentials: Optional[grpc.ChannelCredentials] = None,
    options: Sequence[tuple[str, Any]] = (),
) -> grpc.Channel:
    """A channel to `target` (host:port; a leading http:// is dropped) with the API's retry
    policy; TLS when `credentials` are given; with `token`, every call carries it."""
    target = target.removeprefix("http://")
    all_options = [*channel_options(), *options]
    if credentials is None:
        channel = grpc.insecure_channel(target, options=all_options)
    else:
        channel = grpc.secure_channel(target, credentials, options=all_options)
    return with_token(channel, token) if token else channel


class EventFollower:
    """Iterates over StreamEvents of a session, resuming after a dropped connection.

    Each message is yielded as the server sent it (nothing is dropped or de-duplicated,
    so a caller can check that versions arrive once each, in order). When the stream breaks
    with a status in `resume_on` (UNAVAILABLE by default), or the server ends it before the
    game is over, the follower waits `delay` seconds and asks again for the versions after
    the last one it saw (`StreamEventsRequest.after_version`), at most `max_reconnects`
    times. With `until_finished` (the default) iteration ends after the message that
    finishes the game; otherwise it goes on (a rematch notice comes after the final
    version) until the server closes the stream. `cancel()` (from any thread) ends it.
    """

    def __init__(
        self,
        stub: GameServiceStub,
        session_id: str,
        after_version: int = 0,
        *,
        metadata: Metadata = (),
        until_finished: bool = True,
        resume_on: Sequence[grpc.StatusCode] = (grpc.StatusCode.UNAVAILABLE,),
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
        while not self._cancelled.is_set():
            error: Optional[grpc.RpcError] = None
            request = game_service_pb2.StreamEventsRequest(
                session_id=self.session_id, after_version=self.last_version
            )
            try:
                self._call = self.stub.StreamEvents(request, metadata=self.metadata)
                for message in self._call:
                    if not message.rematch_session_id:
                        self.last_version = max(self.last_version, message.version)
                    yield message
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
            if self._cancelled.is_set() or (error is None and finished):
                return  # cancelled, or the server closed the stream of a finished game
            if self.reconnects >= self.max_reconnects:
                if error is not None:
                    raise error
                return
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
