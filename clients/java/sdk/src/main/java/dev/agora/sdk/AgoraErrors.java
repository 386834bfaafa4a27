package dev.agora.sdk;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.rpc.BadRequest;
import com.google.rpc.ErrorInfo;
import io.grpc.Status;
import io.grpc.protobuf.StatusProto;
import java.util.ArrayList;
import java.util.List;

/** Reads a failed call's refusal: {@link #describe} turns what a stub threw into an {@link AgoraError}. */
public final class AgoraErrors {
  /** The domain of the server's google.rpc.ErrorInfo details. */
  public static final String ERROR_DOMAIN = "agora.dev";

  private AgoraErrors() {}

  /**
   * {@code error} (a StatusRuntimeException or StatusException from a stub, or anything else)
   * as {code, name, reason, sentence, field violations}. The details are those of the
   * google.rpc.Status the server sends in the trailers (grpc-protobuf's StatusProto reads it);
   * an error without one keeps its code and message, with no reason. Never throws.
   */
  public static AgoraError describe(Throwable error) {
    Status status = Status.fromThrowable(error);
    String sentence = status.getDescription() != null ? status.getDescription() : String.valueOf(error.getMessage());
    String reason = "";
    List<AgoraError.FieldViolation> violations = new ArrayList<>();
    com.google.rpc.Status details = StatusProto.fromThrowable(error);
    if (details != null) {
      for (Any detail : details.getDetailsList()) {
        try {
          if (detail.is(ErrorInfo.class) && reason.isEmpty()) {
            reason = detail.unpack(ErrorInfo.class).getReason();
          } else if (detail.is(BadRequest.class)) {
            for (BadRequest.FieldViolation v : detail.unpack(BadRequest.class).getFieldViolationsList()) {
              violations.add(new AgoraError.FieldViolation(v.getField(), v.getDescription()));
            }
          }
        } catch (InvalidProtocolBufferException unreadable) {
          // A detail that does not decode is left out: the code and sentence still stand.
        }
      }
    }
    return new AgoraError(status.getCode(), reason, sentence, violations);
  }
}
