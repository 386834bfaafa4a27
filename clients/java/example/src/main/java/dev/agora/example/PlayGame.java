package dev.agora.example;

import com.google.protobuf.TextFormat;
import dev.agora.sdk.EventFollower;
import dev.agora.v1.AttikaOptions;
import dev.agora.v1.CreateSessionRequest;
import dev.agora.v1.GameAction;
import dev.agora.v1.GameOptions;
import dev.agora.v1.GameServiceGrpc;
import dev.agora.v1.GetSessionRequest;
import dev.agora.v1.GetStateRequest;
import dev.agora.v1.GetStateResponse;
import dev.agora.v1.JoinSessionRequest;
import dev.agora.v1.JoinSessionResponse;
import dev.agora.v1.ListLegalActionsRequest;
import dev.agora.v1.ListLegalActionsResponse;
import dev.agora.v1.OriginOptions;
import dev.agora.v1.OriginRuleSet;
import dev.agora.v1.OriginsOptions;
import dev.agora.v1.SeatInfo;
import dev.agora.v1.Session;
import dev.agora.v1.SessionStatus;
import dev.agora.v1.Standing;
import dev.agora.v1.StreamEventsRequest;
import dev.agora.v1.StreamEventsResponse;
import dev.agora.v1.SubmitActionRequest;
import dev.agora.v1.SubmitActionResponse;
import dev.agora.v1.TerraNovaOptions;
import io.grpc.CallCredentials;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * Plays one whole game on an Agora server with the generated Java SDK: creates a session, takes
 * every seat, and plays a random legal action for whichever seat is to act until the game ends,
 * while a spectator follows StreamEvents from version 0 on its own channel. Then checks that
 * the spectator received versions 1..final exactly once each, in order, and that the last one
 * carries the outcome that GetState reports. Exits 1 with a sentence on any failure.
 *
 * <p>Usage: {@code PlayGame [--server HOST:PORT] [--game origin|terra-nova|origins|attika]
 * [--players N] [--junior] [--seed N] [--quiet]}
 */
public final class PlayGame {
  private static final Metadata.Key<String> AUTHORIZATION =
      Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);

  /** A failed check of the run: printed as one line, exit status 1. */
  static final class CheckFailed extends Exception {
    CheckFailed(String message) {
      super(message);
    }
  }

  /** The seat token as `authorization: Bearer <token>` metadata on every call of a stub. */
  static CallCredentials bearer(String token) {
    return new CallCredentials() {
      @Override
      public void applyRequestMetadata(
          RequestInfo info, Executor executor, MetadataApplier applier) {
        Metadata headers = new Metadata();
        headers.put(AUTHORIZATION, "Bearer " + token);
        applier.apply(headers);
      }

      @Override
      public void thisUsesUnstableApi() {}
    };
  }

  /**
   * The API's retry policy as the channel's default service config: gRPC sends a call refused
   * with UNAVAILABLE or RESOURCE_EXHAUSTED again, which is safe because every mutating call
   * below carries a request_id.
   */
  static Map<String, Object> serviceConfig() {
    Map<String, Object> retry = new HashMap<>();
    retry.put("maxAttempts", 5.0);
    retry.put("initialBackoff", "0.1s");
    retry.put("maxBackoff", "2s");
    retry.put("backoffMultiplier", 2.0);
    retry.put("retryableStatusCodes", List.of("UNAVAILABLE", "RESOURCE_EXHAUSTED"));
    Map<String, Object> method = new HashMap<>();
    method.put("name", List.of(Map.of("service", "agora.v1.GameService")));
    method.put("retryPolicy", retry);
    return Map.of("methodConfig", List.of(method));
  }

  static ManagedChannel channel(String target) {
    return ManagedChannelBuilder.forTarget(target)
        .usePlaintext()
        .defaultServiceConfig(serviceConfig())
        .enableRetry()
        .build();
  }

  /**
   * Follows StreamEvents as a spectator with the async stub, resuming after the last version on
   * UNAVAILABLE or ABORTED (dev.agora.sdk.EventFollower does the same on a blocking stub).
   */
  static final class Spectator {
    final List<Long> received = new ArrayList<>();
    volatile StreamEventsResponse last;
    volatile String error;
    int reconnects;
    private final CountDownLatch done = new CountDownLatch(1);
    private final GameServiceGrpc.GameServiceStub stub;
    private final String sessionId;

    Spectator(ManagedChannel channel, String sessionId) {
      this.stub = GameServiceGrpc.newStub(channel);
      this.sessionId = sessionId;
    }

    void start(long afterVersion) {
      StreamEventsRequest request =
          StreamEventsRequest.newBuilder()
              .setSessionId(sessionId)
              .setAfterVersion(afterVersion)
              .build();
      stub.streamEvents(
          request,
          new StreamObserver<StreamEventsResponse>() {
            @Override
            public void onNext(StreamEventsResponse message) {
              if (!message.getRematchSessionId().isEmpty()) {
                return; // a notice after the end, not a version
              }
              synchronized (received) {
                received.add(message.getVersion());
              }
              last = message;
              if (message.hasOutcome() || message.getStatus() == SessionStatus.SESSION_STATUS_FINISHED) {
                done.countDown();
              }
            }

            @Override
            public void onError(Throwable t) {
              Status status = Status.fromThrowable(t);
              if (EventFollower.RESUME_CODES.contains(status.getCode()) && reconnects < 20) {
                reconnects++;
                start(lastVersion());
                return;
              }
              error = "StreamEvents failed: " + status;
              done.countDown();
            }

            @Override
            public void onCompleted() {
              if (done.getCount() > 0 && reconnects < 20) {
                reconnects++; // closed before the end: resume
                start(lastVersion());
              }
            }
          });
    }

    long lastVersion() {
      synchronized (received) {
        return received.isEmpty() ? 0 : received.get(received.size() - 1);
      }
    }

    boolean await(long seconds) throws InterruptedException {
      return done.await(seconds, TimeUnit.SECONDS);
    }
  }

  static GameOptions options(String game, int players, boolean junior) throws CheckFailed {
    switch (game) {
      case "origin":
        return GameOptions.newBuilder()
            .setOrigin(
                OriginOptions.newBuilder()
                    .setPlayers(players)
                    .setRules(
                        junior
                            ? OriginRuleSet.ORIGIN_RULE_SET_JUNIOR
                            : OriginRuleSet.ORIGIN_RULE_SET_STANDARD))
            .build();
      case "terra-nova":
        return GameOptions.newBuilder()
            .setTerraNova(TerraNovaOptions.newBuilder().setPlayers(players))
            .build();
      case "origins":
        return GameOptions.newBuilder()
            .setOrigins(OriginsOptions.newBuilder().setPlayers(players))
            .build();
      case "attika":
        return GameOptions.newBuilder()
            .setAttika(AttikaOptions.newBuilder().setPlayers(players))
            .build();
      default:
        throw new CheckFailed("unknown game " + game + " (origin, terra-nova, origins, attika)");
    }
  }

  static int play(String server, String game, int players, boolean junior, Long seed, boolean quiet)
      throws CheckFailed, InterruptedException {
    ManagedChannel channel = channel(server);
    ManagedChannel spectatorChannel = channel(server);
    try {
      GameServiceGrpc.GameServiceBlockingStub stub = GameServiceGrpc.newBlockingStub(channel);
      CreateSessionRequest.Builder create =
          CreateSessionRequest.newBuilder()
              .setOptions(options(game, players, junior))
              .setRequestId(UUID.randomUUID().toString());
      if (seed != null) {
        create.setSeed(seed);
        // A chosen seed between people needs an unrated session (Session.seedChosen).
        create.setUnrated(true);
      }
      Session session =
          stub.withDeadlineAfter(30, TimeUnit.SECONDS).createSession(create.build()).getSession();
      String sid = session.getSessionId();
      System.out.println("created session " + sid + ": " + game + ", " + players + " players");

      Spectator spectator = new Spectator(spectatorChannel, sid);
      spectator.start(0);

      Map<Integer, GameServiceGrpc.GameServiceBlockingStub> seats = new HashMap<>();
      for (SeatInfo seat : session.getSeatsList()) {
        JoinSessionResponse joined =
            stub.withDeadlineAfter(30, TimeUnit.SECONDS)
                .joinSession(
                    JoinSessionRequest.newBuilder()
                        .setSessionId(sid)
                        .setSeat(seat.getSeat())
                        .setPlayerName("java-bot-" + seat.getSeat())
                        .setRequestId(UUID.randomUUID().toString())
                        .build());
        if (joined.getSeat() != seat.getSeat()) {
          throw new CheckFailed("asked for seat " + seat.getSeat() + ", got " + joined.getSeat());
        }
        seats.put(joined.getSeat(), stub.withCallCredentials(bearer(joined.getSeatToken())));
        session = joined.getSession();
      }
      System.out.println("joined " + seats.size() + " seats");

      Random rng = new Random(seed == null ? 1 : seed);
      int moves = 0;
      while (session.getStatus() != SessionStatus.SESSION_STATUS_FINISHED) {
        if (moves >= 100_000) {
          throw new CheckFailed("the game did not end within 100000 moves");
        }
        if (session.getToActCount() == 0) {
          throw new CheckFailed("version " + session.getVersion() + ": not finished but nobody is to act");
        }
        int seat = session.getToAct(0);
        GameServiceGrpc.GameServiceBlockingStub seatStub =
            seats.get(seat).withDeadlineAfter(30, TimeUnit.SECONDS);
        ListLegalActionsResponse legal =
            seatStub.listLegalActions(ListLegalActionsRequest.newBuilder().setSessionId(sid).build());
        if (legal.getActionsCount() == 0) {
          throw new CheckFailed("version " + legal.getVersion() + ": seat " + seat + " has no legal action");
        }
        GameAction action = legal.getActions(rng.nextInt(legal.getActionsCount()));
        SubmitActionResponse response;
        try {
          response =
              seats.get(seat)
                  .withDeadlineAfter(30, TimeUnit.SECONDS)
                  .submitAction(
                      SubmitActionRequest.newBuilder()
                          .setSessionId(sid)
                          .setAction(action)
                          .setExpectedVersion(legal.getVersion())
                          .setRequestId(UUID.randomUUID().toString())
                          .build());
        } catch (StatusRuntimeException e) {
          if (e.getStatus().getCode() == Status.Code.ABORTED) {
            // Someone else moved first (a server bot, a clock): reload and decide again.
            session =
                stub.withDeadlineAfter(30, TimeUnit.SECONDS)
                    .getSession(GetSessionRequest.newBuilder().setSessionId(sid).build())
                    .getSession();
            continue;
          }
          throw new CheckFailed(
              "seat " + seat + " could not play at version " + legal.getVersion() + ": " + e.getStatus());
        }
        moves++;
        if (response.getVersion() != legal.getVersion() + 1) {
          throw new CheckFailed(
              "an action at version " + legal.getVersion() + " created version " + response.getVersion());
        }
        session = response.getSession();
        if (!quiet) {
          System.out.println(
              "v" + response.getVersion() + " seat " + seat + ": " + TextFormat.shortDebugString(action));
        }
      }
      long fin = session.getVersion();
      System.out.println("game over after " + moves + " moves at version " + fin);

      if (!spectator.await(30)) {
        throw new CheckFailed(
            "the spectator did not see the end within 30s (last version " + spectator.lastVersion() + ")");
      }
      if (spectator.error != null) {
        throw new CheckFailed(spectator.error);
      }
      List<Long> got;
      synchronized (spectator.received) {
        got = new ArrayList<>(spectator.received);
      }
      List<Long> expected = new ArrayList<>();
      for (long v = 1; v <= fin; v++) {
        expected.add(v);
      }
      if (!got.equals(expected)) {
        throw new CheckFailed(
            "stream versions are not 1.." + fin + " exactly once in order: received " + got.size()
                + " messages, first ones " + got.subList(0, Math.min(20, got.size())));
      }
      StreamEventsResponse last = spectator.last;
      if (last == null || !last.hasOutcome()) {
        throw new CheckFailed("the final streamed message has no outcome");
      }
      GetStateResponse state =
          stub.withDeadlineAfter(30, TimeUnit.SECONDS)
              .getState(GetStateRequest.newBuilder().setSessionId(sid).build());
      if (!state.getSession().getOutcome().equals(last.getOutcome())) {
        throw new CheckFailed("GetState's outcome differs from the streamed outcome");
      }
      System.out.println(
          "stream check passed: versions 1.." + fin + " received once each in order ("
              + spectator.reconnects + " reconnect(s)); outcome in the stream and in GetState");
      System.out.println("final standings:");
      for (Standing s : state.getSession().getOutcome().getStandingsList()) {
        System.out.println("  " + s.getRank() + ". seat " + s.getSeat() + ": " + s.getScore() + " points");
      }
      return 0;
    } finally {
      channel.shutdownNow();
      spectatorChannel.shutdownNow();
      channel.awaitTermination(5, TimeUnit.SECONDS);
      spectatorChannel.awaitTermination(5, TimeUnit.SECONDS);
    }
  }

  public static void main(String[] args) throws InterruptedException {
    String server = System.getenv().getOrDefault("AGORA_SERVER", "127.0.0.1:50051");
    String game = "origin";
    int players = 2;
    boolean junior = false;
    Long seed = null;
    boolean quiet = false;
    try {
      for (int i = 0; i < args.length; i++) {
        switch (args[i]) {
          case "--server":
            server = args[++i];
            break;
          case "--game":
            game = args[++i];
            break;
          case "--players":
            players = Integer.parseInt(args[++i]);
            break;
          case "--junior":
            junior = true;
            break;
          case "--seed":
            seed = Long.parseLong(args[++i]);
            break;
          case "--quiet":
            quiet = true;
            break;
          default:
            throw new CheckFailed("unknown argument " + args[i]);
        }
      }
    } catch (CheckFailed | NumberFormatException | ArrayIndexOutOfBoundsException e) {
      System.err.println(
          "usage: PlayGame [--server HOST:PORT] [--game origin|terra-nova|origins|attika]"
              + " [--players N] [--junior] [--seed N] [--quiet] (" + e.getMessage() + ")");
      System.exit(2);
    }
    if (server.startsWith("http://")) {
      server = server.substring("http://".length());
    }
    try {
      System.exit(play(server, game, players, junior, seed, quiet));
    } catch (CheckFailed e) {
      System.err.println("FAILED: " + e.getMessage());
      System.exit(1);
    } catch (StatusRuntimeException e) {
      System.err.println("FAILED: gRPC error " + e.getStatus());
      System.exit(1);
    }
  }
}
