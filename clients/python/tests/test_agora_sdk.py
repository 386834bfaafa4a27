"""Tests of agora_sdk's helpers that need no server: EventFollower's resumption and
cancellation, describe_error, and the bearer-token interceptor, with stand-ins for the
generated stub and for gRPC's channel. (Against a real server: follow_check.py.)

    python -m unittest discover -s clients/python/tests   (with agora-sdk installed)
"""

from __future__ import annotations

import unittest
from typing import Any, Iterator

import grpc
from google.protobuf import any_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2

from agora.v1 import game_service_pb2 as pb
from agora.v1 import session_pb2
from agora_sdk import BearerToken, EventFollower, FieldViolation, RetryUnknown, bearer, describe_error


class Broken(grpc.RpcError, grpc.Call):  # type: ignore[misc]
    """A call that failed with `code`, as gRPC raises it; `status` goes in the trailers."""

    def __init__(
        self, code: grpc.StatusCode, message: str = "connection dropped", status: status_pb2.Status | None = None
    ) -> None:
        self._code = code
        self._message = message
        self._status = status

    def code(self) -> grpc.StatusCode:
        return self._code

    def details(self) -> str:
        return self._message

    def initial_metadata(self) -> Any: return ()

    def trailing_metadata(self) -> Any:
        if self._status is None:
            return ()
        return (("grpc-status-details-bin", self._status.SerializeToString()),)

    def is_active(self) -> bool: return False
    def time_remaining(self) -> Any: return None
    def cancel(self) -> bool: return True
    def add_callback(self, callback: Any) -> bool: return False


class FakeCall:
    """Yields `messages`, then raises `error`, or else stays open (as the server keeps a
    finished game's stream) until cancelled, when `open_after` is set."""

    def __init__(
        self, messages: list[pb.StreamEventsResponse], error: grpc.RpcError | None, open_after: bool = False
    ) -> None:
        self.messages = messages
        self.error = error
        self.open_after = open_after
        self.cancelled = False

    def __iter__(self) -> Iterator[pb.StreamEventsResponse]:
        yield from self.messages
        if self.error is not None:
            raise self.error
        if self.open_after and not self.cancelled:
            raise AssertionError("read past the end of a stream that the server keeps open")

    def cancel(self) -> None:
        self.cancelled = True


def version(n: int, final: bool = False) -> pb.StreamEventsResponse:
    message = pb.StreamEventsResponse(version=n)
    if final:
        message.status = session_pb2.SESSION_STATUS_FINISHED
        message.outcome.SetInParent()
    return message


class FakeStub:
    """Answers each StreamEvents call with the next scripted (messages, error)."""

    def __init__(
        self, script: list[tuple[list[pb.StreamEventsResponse], grpc.RpcError | None]], open_after: bool = False
    ) -> None:
        self.script = script
        self.open_after = open_after
        self.requests: list[pb.StreamEventsRequest] = []
        self.calls: list[FakeCall] = []

    def StreamEvents(self, request: pb.StreamEventsRequest, metadata: Any = ()) -> FakeCall:
        self.requests.append(request)
        messages, error = self.script.pop(0)
        self.calls.append(FakeCall(messages, error, self.open_after))
        return self.calls[-1]


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

    def test_resumes_after_aborted_from_the_last_version_seen(self) -> None:
        behind = Broken(grpc.StatusCode.ABORTED, "This stream fell behind the game; resume from version 2.")
        stub = FakeStub([([version(1), version(2)], behind), ([version(3, final=True)], None)])
        got = [m.version for m in EventFollower(stub, "s1", delay=0)]  # type: ignore[arg-type]
        self.assertEqual(got, [1, 2, 3])
        self.assertEqual([r.after_version for r in stub.requests], [0, 2])

    def test_cancels_its_call_at_the_end_after_a_rematch_notice_and_on_break(self) -> None:
        stub = FakeStub([([version(1), version(2, final=True)], None)], open_after=True)
        self.assertEqual([m.version for m in EventFollower(stub, "s1")], [1, 2])  # type: ignore[arg-type]
        self.assertTrue(stub.calls[0].cancelled, "the finished game's call was not cancelled")

        notice = pb.StreamEventsResponse(version=1, rematch_session_id="s2")
        stub = FakeStub([([version(1, final=True), notice], None)], open_after=True)
        follower = EventFollower(stub, "s1", until_finished=False)  # type: ignore[arg-type]
        self.assertEqual([m.rematch_session_id for m in follower], ["", "s2"])
        self.assertTrue(stub.calls[0].cancelled, "the call was not cancelled after the rematch notice")

        stub = FakeStub([([version(1), version(2)], None)], open_after=True)
        for message in EventFollower(stub, "s1"):  # type: ignore[arg-type]
            break
        self.assertTrue(stub.calls[0].cancelled, "leaving the loop did not cancel the call")

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


def packed(message: Any) -> any_pb2.Any:
    wrapped = any_pb2.Any()
    wrapped.Pack(message)
    return wrapped


class DescribeErrorTest(unittest.TestCase):
    def test_reads_the_code_reason_sentence_and_field_violations(self) -> None:
        sentence = "It is not your turn."
        refused = status_pb2.Status(
            code=code_pb2.FAILED_PRECONDITION,
            message=sentence,
            details=[packed(error_details_pb2.ErrorInfo(reason="NOT_YOUR_TURN", domain="agora.dev"))],
        )
        described = describe_error(Broken(grpc.StatusCode.FAILED_PRECONDITION, sentence, refused))
        self.assertEqual(
            (described.code, described.name, described.reason, described.sentence, described.field_violations),
            (grpc.StatusCode.FAILED_PRECONDITION, "FAILED_PRECONDITION", "NOT_YOUR_TURN", sentence, []),
        )
        bad = error_details_pb2.BadRequest(
            field_violations=[error_details_pb2.BadRequest.FieldViolation(field="seed", description="not allowed.")]
        )
        invalid = status_pb2.Status(code=code_pb2.INVALID_ARGUMENT, message="seed: not allowed.", details=[packed(bad)])
        described = describe_error(Broken(grpc.StatusCode.INVALID_ARGUMENT, "seed: not allowed.", invalid))
        self.assertEqual((described.reason, described.field_violations), ("", [FieldViolation("seed", "not allowed.")]))
        plain = describe_error(Broken(grpc.StatusCode.UNAVAILABLE, "Socket closed"))
        self.assertEqual((plain.name, plain.reason, plain.sentence), ("UNAVAILABLE", "", "Socket closed"))


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


class Outcome:
    """A finished unary call's stand-in: only its code."""

    def __init__(self, code: grpc.StatusCode) -> None:
        self._code = code

    def code(self) -> grpc.StatusCode:
        return self._code


class RetryUnknownTest(unittest.TestCase):
    def run_with(self, request: Any, codes: list[grpc.StatusCode]) -> tuple[grpc.StatusCode, int]:
        calls = 0

        def continuation(_details: Any, _request: Any) -> Outcome:
            nonlocal calls
            calls += 1
            return Outcome(codes.pop(0) if codes else grpc.StatusCode.OK)

        outcome = RetryUnknown(sleep=lambda _s: None).intercept_unary_unary(continuation, Details(None), request)
        return outcome.code(), calls

    def test_sends_unknown_again_only_for_a_call_with_a_request_id(self) -> None:
        unknown = grpc.StatusCode.UNKNOWN
        with_id = pb.SubmitActionRequest(session_id="s1", request_id="r1")
        self.assertEqual(self.run_with(with_id, [unknown, unknown]), (grpc.StatusCode.OK, 3))
        self.assertEqual(self.run_with(with_id, [unknown] * 9), (unknown, 5))
        self.assertEqual(self.run_with(with_id, [grpc.StatusCode.ABORTED]), (grpc.StatusCode.ABORTED, 1))
        without_id = pb.SubmitActionRequest(session_id="s1")
        self.assertEqual(self.run_with(without_id, [unknown]), (unknown, 1))
        no_field = pb.GetSessionRequest(session_id="s1")
        self.assertEqual(self.run_with(no_field, [unknown]), (unknown, 1))


if __name__ == "__main__":
    unittest.main()
