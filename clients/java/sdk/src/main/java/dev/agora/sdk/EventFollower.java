package dev.agora.sdk;

import dev.agora.v1.GameServiceGrpc;
import dev.agora.v1.SessionStatus;
import dev.agora.v1.StreamEventsRequest;
import dev.agora.v1.StreamEventsResponse;
import io.grpc.Context;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.Iterator;
import java.util.Set;

/**
 * Follows StreamEvents of a session on the calling thread, handing each message to a handler
 * as the server sent it, and resuming from the last version it saw: when the stream breaks
 * with a code in {@link #RESUME_CODES} (UNAVAILABLE, which a dropped connection gives, and
 * ABORTED, a reader that fell behind: both say "resume from version N"), or the server ends
 * it before the game is over, it asks again for the versions after the last one seen, at most
 * {@code maxReconnects} times in a row without a new version.
 *
 * <p>Every call it opens is cancelled when it stops, whatever stops it: the final version (or,
 * with {@code pastTheEnd}, the rematch notice), the handler returning false or throwing, or
 * {@link #cancel}. The server keeps a finished game's stream open for the rematch notice, so
 * a call left open would hold one of the connection's streams as long as the session lives.
 */
public final class EventFollower {
  /** Told each message; returns false to stop following. */
  public interface Handler {
    boolean onMessage(StreamEventsResponse message);
  }

  /** Told each resume: the last version seen and why (null: the server ended the stream). */
  public interface ReconnectListener {
    void onReconnect(long afterVersion, StatusRuntimeException error);
  }

  /** The codes after which the follower resumes by default. */
  public static final Set<Status.Code> RESUME_CODES = Set.of(Status.Code.UNAVAILABLE, Status.Code.ABORTED);

  private final GameServiceGrpc.GameServiceBlockingStub stub;
  private final String sessionId;
  private long lastVersion;
  private boolean pastTheEnd;
  private int maxReconnects = 20;
  private long delayMillis = 200;
  private ReconnectListener onReconnect = (after, error) -> {};
  private volatile boolean cancelled;
  private volatile Context.CancellableContext current;

  /** A follower of {@code sessionId} with {@code stub} (its channel and call credentials). */
  public EventFollower(GameServiceGrpc.GameServiceBlockingStub stub, String sessionId) {
    this.stub = stub;
    this.sessionId = sessionId;
  }

  /** Streams the versions after this one (default 0: from the start). */
  public EventFollower afterVersion(long version) {
    this.lastVersion = version;
    return this;
  }

  /** Goes on after the final version, up to the rematch notice (default: ends with the final version). */
  public EventFollower pastTheEnd(boolean pastTheEnd) {
    this.pastTheEnd = pastTheEnd;
    return this;
  }

  /** Resumes in a row without a new version before giving up (default 20). */
  public EventFollower maxReconnects(int maxReconnects) {
    this.maxReconnects = maxReconnects;
    return this;
  }

  /** Wait before each resume (default 200 ms). */
  public EventFollower delayMillis(long delayMillis) {
    this.delayMillis = delayMillis;
    return this;
  }

  /** Told each resume. */
  public EventFollower onReconnect(ReconnectListener listener) {
    this.onReconnect = listener;
    return this;
  }

  /** The last version seen (the one a resume asks after). */
  public long lastVersion() {
    return lastVersion;
  }

  /** Whether this streamed version ends the game (it carries the outcome). */
  public static boolean isFinal(StreamEventsResponse message) {
    return message.hasOutcome() || message.getStatus() == SessionStatus.SESSION_STATUS_FINISHED;
  }

  /** Ends the follow from any thread: the current call is cancelled and {@link #follow} returns. */
  public void cancel() {
    cancelled = true;
    Context.CancellableContext call = current;
    if (call != null) call.cancel(null);
  }

  /**
   * Follows until the game's end (or the rematch notice with {@code pastTheEnd}), the handler's
   * false, or {@link #cancel}. Throws the StatusRuntimeException of a code it does not resume
   * on, or the last one when it gives up.
   */
  public void follow(Handler handler) throws InterruptedException {
    boolean finished = false;
    int inARow = 0;
    while (!cancelled) {
      StatusRuntimeException error = null;
      Context.CancellableContext call = Context.current().withCancellation();
      current = call;
      Context previous = call.attach();
      try {
        StreamEventsRequest request =
            StreamEventsRequest.newBuilder().setSessionId(sessionId).setAfterVersion(lastVersion).build();
        Iterator<StreamEventsResponse> stream = stub.streamEvents(request);
        while (stream.hasNext()) {
          StreamEventsResponse message = stream.next();
          boolean notice = !message.getRematchSessionId().isEmpty();
          if (!notice && message.getVersion() > lastVersion) {
            lastVersion = message.getVersion();
            inARow = 0;
          }
          if (!handler.onMessage(message) || notice) {
            return; // the caller stopped, or a rematch notice (nothing follows it)
          }
          finished = finished || isFinal(message);
          if (finished && !pastTheEnd) {
            return;
          }
        }
      } catch (StatusRuntimeException e) {
        if (cancelled) {
          return;
        }
        if (!RESUME_CODES.contains(e.getStatus().getCode())) {
          throw e;
        }
        error = e;
      } finally {
        call.detach(previous);
        call.cancel(null); // ends the call on the server too (a no-op when it already ended)
        current = null;
      }
      if (cancelled || (error == null && finished)) {
        return; // cancelled, or the server closed the stream of a finished game
      }
      if (inARow >= maxReconnects) {
        if (error != null) throw error;
        return;
      }
      inARow++;
      onReconnect.onReconnect(lastVersion, error);
      Thread.sleep(delayMillis);
    }
  }
}
