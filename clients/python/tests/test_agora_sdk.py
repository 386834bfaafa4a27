"""Tests of agora_sdk's helpers that need no server: EventFollower's resumption and the
bearer-token interceptor, with stand-ins for the generated stub and for gRPC's channel.

    python -m unittest discover -s clients/python/tests   (with agora-sdk installed)
"""

from __future__ import annotations

import unittest
from typing import Any, Iterator

import grpc

from agora.v1 import game_service_pb2 as pb
from agora.v1 import session_pb2
from agora_sdk import BearerToken, EventFollower, bearer


class Broken(grpc.RpcError, grpc.Call):  # type: ignore[misc]
    """A stream that broke with `code`, as gRPC raises it."""

    def __init__(self, code: grpc.StatusCode) -> None:
        self._code = code

    def code(self) -> grpc.StatusCode:
        return self._code

    def details(self) -> str:
        return "connection dropped"

    def initial_metadata(self) -> Any: return ()
    def trailing_metadata(self) -> Any: return ()
    def is_active(self) -> bool: return False
    def time_remaining(self) -> Any: return None
    def cancel(self) -> bool: return True
    def add_callback(self, callback: Any) -> bool: return False


class FakeCall:
    def __init__(self, messages: list[pb.StreamEventsResponse], error: grpc.RpcError | None) -> None:
        self.messages = messages
        self.error = error

    def __iter__(self) -> Iterator[pb.StreamEventsResponse]:
        yield from self.messages
        if self.error is not None:
            raise self.error

    def cancel(self) -> None:
        pass


def version(n: int, final: bool = False) -> pb.StreamEventsResponse:
    message = pb.StreamEventsResponse(version=n)
    if final:
        message.status = session_pb2.SESSION_STATUS_FINISHED
        message.outcome.SetInParent()
    return message


class FakeStub:
    """Answers each StreamEvents call with the next scripted (messages, error)."""

    def __init__(self, script: list[tuple[list[pb.StreamEventsResponse], grpc.RpcError | None]]) -> None:
        self.script = script
        self.requests: list[pb.StreamEventsRequest] = []

    def StreamEvents(self, request: pb.StreamEventsRequest, metadata: Any = ()) -> FakeCall:
        self.requests.append(request)
        messages, error = self.script.pop(0)
        return FakeCall(messages, error)


class EventFollowerTest(unittest.TestCase):
    def test_resumes_after_the_last_version_seen(self) -> None:
        stub = FakeStub([
            ([version(1), version(2), version(3)], Broken(grpc.StatusCode.UNAVAILABLE)),
            ([], None),  # the server ended the stream early: resume again
            ([version(4), version(5, final=True)], None),
        ])
        follower = EventFollower(stub, "s1", delay=0)  # type: ignore[arg-type]
        got = [m.version for m in follower]
        self.assertEqual(got, [1, 2, 3, 4, 5])
        self.assertEqual([r.after_version for r in stub.requests], [0, 3, 3])
        self.assertEqual(follower.reconnects, 2)

    def test_other_errors_and_the_reconnect_limit_are_raised(self) -> None:
        stub = FakeStub([([version(1)], Broken(grpc.StatusCode.PERMISSION_DENIED))])
        with self.assertRaises(grpc.RpcError):
            list(EventFollower(stub, "s1", delay=0))  # type: ignore[arg-type]
        stub = FakeStub([([], Broken(grpc.StatusCode.UNAVAILABLE))] * 3)
        with self.assertRaises(grpc.RpcError):
            list(EventFollower(stub, "s1", delay=0, max_reconnects=2))  # type: ignore[arg-type]

    def test_starts_after_the_given_version_and_yields_duplicates_as_sent(self) -> None:
        stub = FakeStub([([version(7), version(7), version(8, final=True)], None)])
        got = [m.version for m in EventFollower(stub, "s1", after_version=6, delay=0)]  # type: ignore[arg-type]
        self.assertEqual(got, [7, 7, 8])
        self.assertEqual(stub.requests[0].after_version, 6)


class Details(grpc.ClientCallDetails):
    def __init__(self, metadata: Any) -> None:
        self.method = "/agora.v1.GameService/GetState"
        self.timeout = None
        self.metadata = metadata
        self.credentials = None


class BearerTokenTest(unittest.TestCase):
    def test_adds_the_token_unless_the_call_has_one(self) -> None:
        seen: list[Any] = []
        interceptor = BearerToken("t0")
        interceptor.intercept_unary_unary(lambda details, _req: seen.append(details.metadata), Details(None), None)
        interceptor.intercept_unary_unary(
            lambda details, _req: seen.append(details.metadata), Details(bearer("t1")), None
        )
        self.assertEqual(seen, [(("authorization", "Bearer t0"),), (("authorization", "Bearer t1"),)])


if __name__ == "__main__":
    unittest.main()
