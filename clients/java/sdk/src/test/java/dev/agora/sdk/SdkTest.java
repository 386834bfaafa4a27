package dev.agora.sdk;

import com.google.protobuf.Any;
import com.google.rpc.BadRequest;
import com.google.rpc.ErrorInfo;
import dev.agora.v1.GameServiceGrpc;
import dev.agora.v1.Outcome;
import dev.agora.v1.SessionStatus;
import dev.agora.v1.StreamEventsRequest;
import dev.agora.v1.StreamEventsResponse;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Tests of the Java SDK's helpers without an Agora server (clients/java/e2e.sh runs them):
 * EventFollower against an in-process gRPC server that scripts StreamEvents (ABORTED, then
 * UNAVAILABLE, then a finished game whose stream stays open, as the server keeps it for the
 * rematch notice), and AgoraErrors.describe. Prints "N passed, M failed"; exits 1 on a failure.
 */
public final class SdkTest {
  private static int passed;
  private static int failed;

  private static void check(boolean ok, String what) {
    if (ok) {
      passed++;
    } else {
      failed++;
      System.err.println("FAILED: " + what);
    }
  }

  private static StreamEventsResponse version(long n, boolean last) {
    StreamEventsResponse.Builder b = StreamEventsResponse.newBuilder().setVersion(n);
    if (last) b.setStatus(SessionStatus.SESSION_STATUS_FINISHED).setOutcome(Outcome.getDefaultInstance());
    return b.build();
  }

  /** Scripted StreamEvents: the calls' after_version, and whether the open one was cancelled. */
  static final class Scripted extends GameServiceGrpc.GameServiceImplBase {
    final List<Long> requests = new ArrayList<>();
    final CountDownLatch openCancelled = new CountDownLatch(1);

    @Override
    public void streamEvents(StreamEventsRequest request, StreamObserver<StreamEventsResponse> out) {
      int call = requests.size();
      requests.add(request.getAfterVersion());
      if (call == 0) {
        out.onNext(version(1, false));
        out.onNext(version(2, false));
        out.onError(Status.ABORTED.withDescription("This stream fell behind the game; resume from version 2.").asRuntimeException());
      } else if (call == 1) {
        out.onNext(version(3, false));
        out.onError(Status.UNAVAILABLE.withDescription("dropped").asRuntimeException());
      } else {
        ((ServerCallStreamObserver<StreamEventsResponse>) out).setOnCancelHandler(openCancelled::countDown);
        out.onNext(version(4, true)); // and the stream stays open
      }
    }
  }

  static void followerResumesAndCancels() throws Exception {
    Scripted scripted = new Scripted();
    String name = InProcessServerBuilder.generateName();
    Server server = InProcessServerBuilder.forName(name).addService(scripted).build().start();
    ManagedChannel channel = InProcessChannelBuilder.forName(name).build();
    try {
      List<Long> got = new ArrayList<>();
      List<Status.Code> resumes = new ArrayList<>();
      new EventFollower(GameServiceGrpc.newBlockingStub(channel), "s1")
          .delayMillis(1)
          .onReconnect((after, error) -> resumes.add(error.getStatus().getCode()))
          .follow(m -> got.add(m.getVersion()));
      check(got.equals(List.of(1L, 2L, 3L, 4L)), "versions " + got);
      check(scripted.requests.equals(List.of(0L, 2L, 3L)), "resumed after " + scripted.requests);
      check(resumes.equals(List.of(Status.Code.ABORTED, Status.Code.UNAVAILABLE)), "resumes " + resumes);
      check(scripted.openCancelled.await(10, TimeUnit.SECONDS), "the finished game's call was not cancelled");
    } finally {
      channel.shutdownNow();
      server.shutdownNow();
    }
  }

  static void describeReadsTheDetails() {
    com.google.rpc.Status refused =
        com.google.rpc.Status.newBuilder()
            .setCode(Status.Code.FAILED_PRECONDITION.value())
            .setMessage("It is not your turn.")
            .addDetails(Any.pack(ErrorInfo.newBuilder().setReason("NOT_YOUR_TURN").setDomain("agora.dev").build()))
            .build();
    AgoraError e = AgoraErrors.describe(StatusProto.toStatusRuntimeException(refused));
    check(e.code == Status.Code.FAILED_PRECONDITION && e.name.equals("FAILED_PRECONDITION"), "code " + e);
    check(e.reason.equals("NOT_YOUR_TURN") && e.sentence.equals("It is not your turn."), "reason " + e);
    com.google.rpc.Status invalid =
        com.google.rpc.Status.newBuilder()
            .setCode(Status.Code.INVALID_ARGUMENT.value())
            .setMessage("seed: not allowed.")
            .addDetails(Any.pack(BadRequest.newBuilder()
                .addFieldViolations(BadRequest.FieldViolation.newBuilder().setField("seed").setDescription("not allowed."))
                .build()))
            .build();
    AgoraError bad = AgoraErrors.describe(StatusProto.toStatusRuntimeException(invalid));
    check(bad.reason.isEmpty() && bad.fieldViolations.equals(List.of(new AgoraError.FieldViolation("seed", "not allowed."))),
        "field violations " + bad.fieldViolations);
    AgoraError plain = AgoraErrors.describe(new IllegalStateException("boom"));
    check(plain.code == Status.Code.UNKNOWN && plain.reason.isEmpty(), "a plain exception " + plain);
  }

  public static void main(String[] args) throws Exception {
    followerResumesAndCancels();
    describeReadsTheDetails();
    System.out.println(passed + " passed, " + failed + " failed");
    System.exit(failed == 0 ? 0 : 1);
  }
}
