package dev.agora.sdk;

import io.grpc.Status;
import java.util.List;

/**
 * A failed call, ready to show and to handle ({@link AgoraErrors#describe}): the gRPC code and
 * its name, the refusal's reason, the sentence to show a player, and the field violations.
 */
public final class AgoraError {
  /** One field an INVALID_ARGUMENT names (google.rpc.BadRequest.FieldViolation). */
  public static final class FieldViolation {
    /** The field's path in the request, e.g. "action.origin.slot". */
    public final String field;
    /** A sentence saying what is wrong with it. */
    public final String description;

    public FieldViolation(String field, String description) {
      this.field = field;
      this.description = description;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof FieldViolation
          && ((FieldViolation) other).field.equals(field)
          && ((FieldViolation) other).description.equals(description);
    }

    @Override
    public int hashCode() {
      return field.hashCode() * 31 + description.hashCode();
    }

    @Override
    public String toString() {
      return field + ": " + description;
    }
  }

  /** The gRPC status code. */
  public final Status.Code code;
  /** Its name, e.g. "FAILED_PRECONDITION". */
  public final String name;
  /** ErrorInfo's reason: a rule code or a session reason ("SEAT_TAKEN"); "" when none. */
  public final String reason;
  /** The status message: a sentence to show a player. */
  public final String sentence;
  /** BadRequest's field violations (INVALID_ARGUMENT); empty when none. */
  public final List<FieldViolation> fieldViolations;

  AgoraError(Status.Code code, String reason, String sentence, List<FieldViolation> fieldViolations) {
    this.code = code;
    this.name = code.name();
    this.reason = reason;
    this.sentence = sentence;
    this.fieldViolations = List.copyOf(fieldViolations);
  }

  @Override
  public String toString() {
    return name + (reason.isEmpty() ? "" : " " + reason) + ": " + sentence;
  }
}
