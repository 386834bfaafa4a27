package dev.agora.example;

import dev.agora.sdk.AgoraErrors;
import dev.agora.sdk.EventFollower;
import dev.agora.v1.BotKind;
import dev.agora.v1.CreateSessionRequest;
import dev.agora.v1.GameOptions;
import dev.agora.v1.GameServiceGrpc;
import dev.agora.v1.OriginOptions;
import dev.agora.v1.OriginRuleSet;
import dev.agora.v1.SeatBot;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * Checks the SDK's EventFollower against a real server through the StreamEvents double
 * (clients/typescript/src/stream-double.ts), which ends a session's first call with ABORTED
 * "resume from version N" and drops the second one's connection: creates a game that server
 * bots play on --server, follows it through --double, and checks that the follower resumed
 * after ABORTED and after the drop from the last version it saw, and saw versions 1..final
 * once each, in order. Exits 1 on any failure.
 */
public final class FollowCheck {
  public static void main(String[] args) throws Exception {
    String server = null;
    String double_ = null;
    for (int i = 0; i + 1 < args.length; i += 2) {
      if (args[i].equals("--server")) server = args[i + 1];
      if (args[i].equals("--double")) double_ = args[i + 1];
    }
    if (server == null || double_ == null) {
      System.err.println("usage: FollowCheck --server HOST:PORT --double HOST:PORT");
      System.exit(2);
    }
    ManagedChannel api = ManagedChannelBuilder.forTarget(server).usePlaintext().build();
    // No retry policy here: gRPC would otherwise send a dropped call again itself when none of
    // its messages had arrived, and the follower would not see the drop.
    ManagedChannel through = ManagedChannelBuilder.forTarget(double_).usePlaintext().build();
    try {
      String sessionId;
      try {
        sessionId =
            GameServiceGrpc.newBlockingStub(api)
                .createSession(
                    CreateSessionRequest.newBuilder()
                        .setOptions(GameOptions.newBuilder().setOrigin(OriginOptions.newBuilder()
                            .setPlayers(2).setRules(OriginRuleSet.ORIGIN_RULE_SET_JUNIOR)))
                        .addBots(SeatBot.newBuilder().setSeat(0).setKind(BotKind.BOT_KIND_RANDOM))
                        .addBots(SeatBot.newBuilder().setSeat(1).setKind(BotKind.BOT_KIND_RANDOM))
                        .setRequestId(UUID.randomUUID().toString())
                        .build())
                .getSession()
                .getSessionId();
      } catch (StatusRuntimeException e) {
        throw new IllegalStateException("CreateSession: " + AgoraErrors.describe(e));
      }
      List<Long> versions = new ArrayList<>();
      List<Status.Code> resumes = new ArrayList<>();
      List<Long> resumedAfter = new ArrayList<>();
      List<Long> lastSeen = new ArrayList<>();
      new EventFollower(GameServiceGrpc.newBlockingStub(through), sessionId)
          .delayMillis(50)
          .onReconnect(
              (after, error) -> {
                resumes.add(error == null ? null : error.getStatus().getCode());
                resumedAfter.add(after);
                lastSeen.add(versions.isEmpty() ? 0L : versions.get(versions.size() - 1));
                System.out.println("FollowCheck: resumed after version " + after + " (" + error + ")");
              })
          .follow(
              m -> {
                if (m.getRematchSessionId().isEmpty()) versions.add(m.getVersion());
                return true;
              });
      for (int i = 0; i < versions.size(); i++) {
        if (versions.get(i) != i + 1) fail("version " + versions.get(i) + " at position " + (i + 1));
      }
      if (!resumes.equals(List.of(Status.Code.ABORTED, Status.Code.UNAVAILABLE))) {
        fail("expected resumes after ABORTED then UNAVAILABLE, got " + resumes);
      }
      if (resumedAfter.get(0) != 2 || !resumedAfter.equals(lastSeen)) {
        fail("resumed after " + resumedAfter + "; the last versions seen were " + lastSeen);
      }
      System.out.println("FollowCheck: ABORTED and a dropped connection resumed from the last version seen ("
          + versions.size() + " versions once each): ok");
    } finally {
      api.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
      through.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
  }

  private static void fail(String why) {
    System.err.println("FOLLOW CHECK FAILED: " + why);
    System.exit(1);
  }
}
