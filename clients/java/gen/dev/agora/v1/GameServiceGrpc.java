package dev.agora.v1;

import static io.grpc.MethodDescriptor.generateFullMethodName;

/**
 * <pre>
 * Hosts turn-based board games. Sessions are addressed by `session_id`.
 * Versioning: within `agora.v1` changes are additive only (new RPCs, messages, fields
 * with new numbers, enum values); numbers and names are never reused, and unset new
 * fields mean the old behaviour. CI refuses a breaking change against the last released
 * proto (proto/compat/README.md); what cannot be additive goes into `agora.v2`.
 * Authentication: JoinSession returns a secret seat token; send it on later calls as
 * `authorization: Bearer &lt;token&gt;` metadata. Calls without a token act as a spectator
 * (GetState, StreamEvents) or are refused with UNAUTHENTICATED (ListLegalActions,
 * SubmitAction, LeaveSession). A token of another session or seat is refused with
 * PERMISSION_DENIED (LeaveSession: see there).
 * Errors. Every refusal is one of these codes with a sentence; a refused call changes
 * nothing. "Retry" means: send the same request again (same request_id) after an
 * exponential backoff with jitter.
 * | code                | when                                                    | retry |
 * |---------------------|---------------------------------------------------------|-------|
 * | INVALID_ARGUMENT    | a field is missing, malformed or out of range (a        | no    |
 * |                     | google.rpc.BadRequest detail names the field path);     |       |
 * |                     | a body that is not a valid protobuf message of the      |       |
 * |                     | request type; an action not written exactly as          |       |
 * |                     | ListLegalActions lists it (the hex "I8", not "i8" or    |       |
 * |                     | "I08"; the Archon only with index 0); a seat the        |       |
 * |                     | session does not have; a request_id reused with a       |       |
 * |                     | different request                                       |       |
 * | ALREADY_EXISTS      | a CreateSession or JoinSession request_id that another  | no    |
 * |                     | caller used first (send a fresh random id)              |       |
 * | NOT_FOUND           | no such session (never created, or expired); a followed | no    |
 * |                     | session that expired or was lost ends its stream so     |       |
 * | FAILED_PRECONDITION | not possible now: an illegal move, or WAITING_FOR_      | no    |
 * |                     | PLAYERS, SEAT_TAKEN, SESSION_FULL, GAME_STARTED (a      |       |
 * |                     | LeaveSession once every seat is taken), GAME_OVER,      |       |
 * |                     | RESIGNED, BOT_SEAT (a server bot plays it),             |       |
 * |                     | ALREADY_A_BOT; the reason is in a google.rpc.ErrorInfo  |       |
 * |                     | detail (domain "agora.dev"), a game's rule codes are    |       |
 * |                     | listed in its catalog entry                             |       |
 * | ABORTED             | SubmitAction's expected_version is stale (reload and    | no    |
 * |                     | decide again); a stream fell behind (resume from the    |       |
 * |                     | version named)                                          |       |
 * | OUT_OF_RANGE        | StreamEvents after a version the session has not        | no    |
 * |                     | reached (ask from one it has)                           |       |
 * | UNAUTHENTICATED     | no seat token where one is needed, or an authorization  | no    |
 * |                     | header that is not `Bearer &lt;token&gt;`                     |       |
 * | PERMISSION_DENIED   | a token that is not a seat of this session (except on   | no    |
 * |                     | LeaveSession, which answers OK: it holds no seat); a    |       |
 * |                     | seat's stream opened before the game started ends so at |       |
 * |                     | the first version if that seat was given back           |       |
 * | RESOURCE_EXHAUSTED  | a limit: concurrent requests, streams per connection,   | yes   |
 * |                     | per client address or per player, sessions              | (size:|
 * |                     | (CreateSession); or a message or metadata over the size | no)   |
 * |                     | limit, refused however often it is sent                 |       |
 * | DEADLINE_EXCEEDED   | the call did not complete within the server's request   | yes   |
 * |                     | timeout or the caller's deadline                        |       |
 * | UNAVAILABLE         | the session store cannot be reached; the server is      | yes   |
 * |                     | shutting down; a stream ended (resume from the version  |       |
 * |                     | named); or the connection to a replica broke            |       |
 * | INTERNAL            | stored session data cannot be read (a server fault)     | no    |
 * | UNIMPLEMENTED       | a method this server does not have                      | no    |
 * Retries (AIP-155): CreateSession, JoinSession, SubmitAction, ResignSession,
 * HandSeatToBot, UndoAction and ImportSession take a client-chosen `request_id` (a random
 * UUID); a call sent again with the same id and the same request,
 * on any replica, answers what the first call did and does nothing twice. LeaveSession
 * needs no id: it is idempotent (a retry finds the seat already free and answers OK);
 * nor does RematchSession (a finished session has one rematch, whoever asks).
 * Send a request_id with every mutating call that takes one, and let the client retry
 * UNAVAILABLE, RESOURCE_EXHAUSTED and DEADLINE_EXCEEDED with it (the clients' default
 * gRPC service config does so for the first two). Reads need no id. StreamEvents is resumed rather
 * than retried: open it again with `after_version` set to the last version received.
 * </pre>
 */
@javax.annotation.Generated(
    value = "by gRPC proto compiler",
    comments = "Source: agora/v1/game_service.proto")
@io.grpc.stub.annotations.GrpcGenerated
public final class GameServiceGrpc {

  private GameServiceGrpc() {}

  public static final String SERVICE_NAME = "agora.v1.GameService";

  // Static method descriptors that strictly reflect the proto.
  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.ListGamesRequest,
      dev.agora.v1.ListGamesResponse> getListGamesMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ListGames",
      requestType = dev.agora.v1.ListGamesRequest.class,
      responseType = dev.agora.v1.ListGamesResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.ListGamesRequest,
      dev.agora.v1.ListGamesResponse> getListGamesMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.ListGamesRequest, dev.agora.v1.ListGamesResponse> getListGamesMethod;
    if ((getListGamesMethod = GameServiceGrpc.getListGamesMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getListGamesMethod = GameServiceGrpc.getListGamesMethod) == null) {
          GameServiceGrpc.getListGamesMethod = getListGamesMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.ListGamesRequest, dev.agora.v1.ListGamesResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ListGames"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.ListGamesRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.ListGamesResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("ListGames"))
              .build();
        }
      }
    }
    return getListGamesMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.CreateSessionRequest,
      dev.agora.v1.CreateSessionResponse> getCreateSessionMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "CreateSession",
      requestType = dev.agora.v1.CreateSessionRequest.class,
      responseType = dev.agora.v1.CreateSessionResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.CreateSessionRequest,
      dev.agora.v1.CreateSessionResponse> getCreateSessionMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.CreateSessionRequest, dev.agora.v1.CreateSessionResponse> getCreateSessionMethod;
    if ((getCreateSessionMethod = GameServiceGrpc.getCreateSessionMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getCreateSessionMethod = GameServiceGrpc.getCreateSessionMethod) == null) {
          GameServiceGrpc.getCreateSessionMethod = getCreateSessionMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.CreateSessionRequest, dev.agora.v1.CreateSessionResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "CreateSession"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.CreateSessionRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.CreateSessionResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("CreateSession"))
              .build();
        }
      }
    }
    return getCreateSessionMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.GetSessionRequest,
      dev.agora.v1.GetSessionResponse> getGetSessionMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "GetSession",
      requestType = dev.agora.v1.GetSessionRequest.class,
      responseType = dev.agora.v1.GetSessionResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.GetSessionRequest,
      dev.agora.v1.GetSessionResponse> getGetSessionMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.GetSessionRequest, dev.agora.v1.GetSessionResponse> getGetSessionMethod;
    if ((getGetSessionMethod = GameServiceGrpc.getGetSessionMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getGetSessionMethod = GameServiceGrpc.getGetSessionMethod) == null) {
          GameServiceGrpc.getGetSessionMethod = getGetSessionMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.GetSessionRequest, dev.agora.v1.GetSessionResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "GetSession"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.GetSessionRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.GetSessionResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("GetSession"))
              .build();
        }
      }
    }
    return getGetSessionMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.ListSessionsRequest,
      dev.agora.v1.ListSessionsResponse> getListSessionsMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ListSessions",
      requestType = dev.agora.v1.ListSessionsRequest.class,
      responseType = dev.agora.v1.ListSessionsResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.ListSessionsRequest,
      dev.agora.v1.ListSessionsResponse> getListSessionsMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.ListSessionsRequest, dev.agora.v1.ListSessionsResponse> getListSessionsMethod;
    if ((getListSessionsMethod = GameServiceGrpc.getListSessionsMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getListSessionsMethod = GameServiceGrpc.getListSessionsMethod) == null) {
          GameServiceGrpc.getListSessionsMethod = getListSessionsMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.ListSessionsRequest, dev.agora.v1.ListSessionsResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ListSessions"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.ListSessionsRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.ListSessionsResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("ListSessions"))
              .build();
        }
      }
    }
    return getListSessionsMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.JoinSessionRequest,
      dev.agora.v1.JoinSessionResponse> getJoinSessionMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "JoinSession",
      requestType = dev.agora.v1.JoinSessionRequest.class,
      responseType = dev.agora.v1.JoinSessionResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.JoinSessionRequest,
      dev.agora.v1.JoinSessionResponse> getJoinSessionMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.JoinSessionRequest, dev.agora.v1.JoinSessionResponse> getJoinSessionMethod;
    if ((getJoinSessionMethod = GameServiceGrpc.getJoinSessionMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getJoinSessionMethod = GameServiceGrpc.getJoinSessionMethod) == null) {
          GameServiceGrpc.getJoinSessionMethod = getJoinSessionMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.JoinSessionRequest, dev.agora.v1.JoinSessionResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "JoinSession"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.JoinSessionRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.JoinSessionResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("JoinSession"))
              .build();
        }
      }
    }
    return getJoinSessionMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.LeaveSessionRequest,
      dev.agora.v1.LeaveSessionResponse> getLeaveSessionMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "LeaveSession",
      requestType = dev.agora.v1.LeaveSessionRequest.class,
      responseType = dev.agora.v1.LeaveSessionResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.LeaveSessionRequest,
      dev.agora.v1.LeaveSessionResponse> getLeaveSessionMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.LeaveSessionRequest, dev.agora.v1.LeaveSessionResponse> getLeaveSessionMethod;
    if ((getLeaveSessionMethod = GameServiceGrpc.getLeaveSessionMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getLeaveSessionMethod = GameServiceGrpc.getLeaveSessionMethod) == null) {
          GameServiceGrpc.getLeaveSessionMethod = getLeaveSessionMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.LeaveSessionRequest, dev.agora.v1.LeaveSessionResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "LeaveSession"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.LeaveSessionRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.LeaveSessionResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("LeaveSession"))
              .build();
        }
      }
    }
    return getLeaveSessionMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.GetStateRequest,
      dev.agora.v1.GetStateResponse> getGetStateMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "GetState",
      requestType = dev.agora.v1.GetStateRequest.class,
      responseType = dev.agora.v1.GetStateResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.GetStateRequest,
      dev.agora.v1.GetStateResponse> getGetStateMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.GetStateRequest, dev.agora.v1.GetStateResponse> getGetStateMethod;
    if ((getGetStateMethod = GameServiceGrpc.getGetStateMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getGetStateMethod = GameServiceGrpc.getGetStateMethod) == null) {
          GameServiceGrpc.getGetStateMethod = getGetStateMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.GetStateRequest, dev.agora.v1.GetStateResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "GetState"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.GetStateRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.GetStateResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("GetState"))
              .build();
        }
      }
    }
    return getGetStateMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.ListLegalActionsRequest,
      dev.agora.v1.ListLegalActionsResponse> getListLegalActionsMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ListLegalActions",
      requestType = dev.agora.v1.ListLegalActionsRequest.class,
      responseType = dev.agora.v1.ListLegalActionsResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.ListLegalActionsRequest,
      dev.agora.v1.ListLegalActionsResponse> getListLegalActionsMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.ListLegalActionsRequest, dev.agora.v1.ListLegalActionsResponse> getListLegalActionsMethod;
    if ((getListLegalActionsMethod = GameServiceGrpc.getListLegalActionsMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getListLegalActionsMethod = GameServiceGrpc.getListLegalActionsMethod) == null) {
          GameServiceGrpc.getListLegalActionsMethod = getListLegalActionsMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.ListLegalActionsRequest, dev.agora.v1.ListLegalActionsResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ListLegalActions"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.ListLegalActionsRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.ListLegalActionsResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("ListLegalActions"))
              .build();
        }
      }
    }
    return getListLegalActionsMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.SubmitActionRequest,
      dev.agora.v1.SubmitActionResponse> getSubmitActionMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "SubmitAction",
      requestType = dev.agora.v1.SubmitActionRequest.class,
      responseType = dev.agora.v1.SubmitActionResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.SubmitActionRequest,
      dev.agora.v1.SubmitActionResponse> getSubmitActionMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.SubmitActionRequest, dev.agora.v1.SubmitActionResponse> getSubmitActionMethod;
    if ((getSubmitActionMethod = GameServiceGrpc.getSubmitActionMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getSubmitActionMethod = GameServiceGrpc.getSubmitActionMethod) == null) {
          GameServiceGrpc.getSubmitActionMethod = getSubmitActionMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.SubmitActionRequest, dev.agora.v1.SubmitActionResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "SubmitAction"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.SubmitActionRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.SubmitActionResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("SubmitAction"))
              .build();
        }
      }
    }
    return getSubmitActionMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.StreamEventsRequest,
      dev.agora.v1.StreamEventsResponse> getStreamEventsMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "StreamEvents",
      requestType = dev.agora.v1.StreamEventsRequest.class,
      responseType = dev.agora.v1.StreamEventsResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.SERVER_STREAMING)
  public static io.grpc.MethodDescriptor<dev.agora.v1.StreamEventsRequest,
      dev.agora.v1.StreamEventsResponse> getStreamEventsMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.StreamEventsRequest, dev.agora.v1.StreamEventsResponse> getStreamEventsMethod;
    if ((getStreamEventsMethod = GameServiceGrpc.getStreamEventsMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getStreamEventsMethod = GameServiceGrpc.getStreamEventsMethod) == null) {
          GameServiceGrpc.getStreamEventsMethod = getStreamEventsMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.StreamEventsRequest, dev.agora.v1.StreamEventsResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.SERVER_STREAMING)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "StreamEvents"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.StreamEventsRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.StreamEventsResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("StreamEvents"))
              .build();
        }
      }
    }
    return getStreamEventsMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.ResignSessionRequest,
      dev.agora.v1.ResignSessionResponse> getResignSessionMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ResignSession",
      requestType = dev.agora.v1.ResignSessionRequest.class,
      responseType = dev.agora.v1.ResignSessionResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.ResignSessionRequest,
      dev.agora.v1.ResignSessionResponse> getResignSessionMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.ResignSessionRequest, dev.agora.v1.ResignSessionResponse> getResignSessionMethod;
    if ((getResignSessionMethod = GameServiceGrpc.getResignSessionMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getResignSessionMethod = GameServiceGrpc.getResignSessionMethod) == null) {
          GameServiceGrpc.getResignSessionMethod = getResignSessionMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.ResignSessionRequest, dev.agora.v1.ResignSessionResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ResignSession"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.ResignSessionRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.ResignSessionResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("ResignSession"))
              .build();
        }
      }
    }
    return getResignSessionMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.HandSeatToBotRequest,
      dev.agora.v1.HandSeatToBotResponse> getHandSeatToBotMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "HandSeatToBot",
      requestType = dev.agora.v1.HandSeatToBotRequest.class,
      responseType = dev.agora.v1.HandSeatToBotResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.HandSeatToBotRequest,
      dev.agora.v1.HandSeatToBotResponse> getHandSeatToBotMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.HandSeatToBotRequest, dev.agora.v1.HandSeatToBotResponse> getHandSeatToBotMethod;
    if ((getHandSeatToBotMethod = GameServiceGrpc.getHandSeatToBotMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getHandSeatToBotMethod = GameServiceGrpc.getHandSeatToBotMethod) == null) {
          GameServiceGrpc.getHandSeatToBotMethod = getHandSeatToBotMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.HandSeatToBotRequest, dev.agora.v1.HandSeatToBotResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "HandSeatToBot"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.HandSeatToBotRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.HandSeatToBotResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("HandSeatToBot"))
              .build();
        }
      }
    }
    return getHandSeatToBotMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.UndoActionRequest,
      dev.agora.v1.UndoActionResponse> getUndoActionMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "UndoAction",
      requestType = dev.agora.v1.UndoActionRequest.class,
      responseType = dev.agora.v1.UndoActionResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.UndoActionRequest,
      dev.agora.v1.UndoActionResponse> getUndoActionMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.UndoActionRequest, dev.agora.v1.UndoActionResponse> getUndoActionMethod;
    if ((getUndoActionMethod = GameServiceGrpc.getUndoActionMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getUndoActionMethod = GameServiceGrpc.getUndoActionMethod) == null) {
          GameServiceGrpc.getUndoActionMethod = getUndoActionMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.UndoActionRequest, dev.agora.v1.UndoActionResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "UndoAction"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.UndoActionRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.UndoActionResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("UndoAction"))
              .build();
        }
      }
    }
    return getUndoActionMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.RematchSessionRequest,
      dev.agora.v1.RematchSessionResponse> getRematchSessionMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "RematchSession",
      requestType = dev.agora.v1.RematchSessionRequest.class,
      responseType = dev.agora.v1.RematchSessionResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.RematchSessionRequest,
      dev.agora.v1.RematchSessionResponse> getRematchSessionMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.RematchSessionRequest, dev.agora.v1.RematchSessionResponse> getRematchSessionMethod;
    if ((getRematchSessionMethod = GameServiceGrpc.getRematchSessionMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getRematchSessionMethod = GameServiceGrpc.getRematchSessionMethod) == null) {
          GameServiceGrpc.getRematchSessionMethod = getRematchSessionMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.RematchSessionRequest, dev.agora.v1.RematchSessionResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "RematchSession"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.RematchSessionRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.RematchSessionResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("RematchSession"))
              .build();
        }
      }
    }
    return getRematchSessionMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.GetHistoryRequest,
      dev.agora.v1.GetHistoryResponse> getGetHistoryMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "GetHistory",
      requestType = dev.agora.v1.GetHistoryRequest.class,
      responseType = dev.agora.v1.GetHistoryResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.GetHistoryRequest,
      dev.agora.v1.GetHistoryResponse> getGetHistoryMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.GetHistoryRequest, dev.agora.v1.GetHistoryResponse> getGetHistoryMethod;
    if ((getGetHistoryMethod = GameServiceGrpc.getGetHistoryMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getGetHistoryMethod = GameServiceGrpc.getGetHistoryMethod) == null) {
          GameServiceGrpc.getGetHistoryMethod = getGetHistoryMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.GetHistoryRequest, dev.agora.v1.GetHistoryResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "GetHistory"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.GetHistoryRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.GetHistoryResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("GetHistory"))
              .build();
        }
      }
    }
    return getGetHistoryMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.ExportSessionRequest,
      dev.agora.v1.ExportSessionResponse> getExportSessionMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ExportSession",
      requestType = dev.agora.v1.ExportSessionRequest.class,
      responseType = dev.agora.v1.ExportSessionResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.ExportSessionRequest,
      dev.agora.v1.ExportSessionResponse> getExportSessionMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.ExportSessionRequest, dev.agora.v1.ExportSessionResponse> getExportSessionMethod;
    if ((getExportSessionMethod = GameServiceGrpc.getExportSessionMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getExportSessionMethod = GameServiceGrpc.getExportSessionMethod) == null) {
          GameServiceGrpc.getExportSessionMethod = getExportSessionMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.ExportSessionRequest, dev.agora.v1.ExportSessionResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ExportSession"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.ExportSessionRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.ExportSessionResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("ExportSession"))
              .build();
        }
      }
    }
    return getExportSessionMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.ImportSessionRequest,
      dev.agora.v1.ImportSessionResponse> getImportSessionMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ImportSession",
      requestType = dev.agora.v1.ImportSessionRequest.class,
      responseType = dev.agora.v1.ImportSessionResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.ImportSessionRequest,
      dev.agora.v1.ImportSessionResponse> getImportSessionMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.ImportSessionRequest, dev.agora.v1.ImportSessionResponse> getImportSessionMethod;
    if ((getImportSessionMethod = GameServiceGrpc.getImportSessionMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getImportSessionMethod = GameServiceGrpc.getImportSessionMethod) == null) {
          GameServiceGrpc.getImportSessionMethod = getImportSessionMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.ImportSessionRequest, dev.agora.v1.ImportSessionResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ImportSession"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.ImportSessionRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.ImportSessionResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("ImportSession"))
              .build();
        }
      }
    }
    return getImportSessionMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.ListMySessionsRequest,
      dev.agora.v1.ListMySessionsResponse> getListMySessionsMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ListMySessions",
      requestType = dev.agora.v1.ListMySessionsRequest.class,
      responseType = dev.agora.v1.ListMySessionsResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.ListMySessionsRequest,
      dev.agora.v1.ListMySessionsResponse> getListMySessionsMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.ListMySessionsRequest, dev.agora.v1.ListMySessionsResponse> getListMySessionsMethod;
    if ((getListMySessionsMethod = GameServiceGrpc.getListMySessionsMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getListMySessionsMethod = GameServiceGrpc.getListMySessionsMethod) == null) {
          GameServiceGrpc.getListMySessionsMethod = getListMySessionsMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.ListMySessionsRequest, dev.agora.v1.ListMySessionsResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ListMySessions"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.ListMySessionsRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.ListMySessionsResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("ListMySessions"))
              .build();
        }
      }
    }
    return getListMySessionsMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.GetMyStatisticsRequest,
      dev.agora.v1.GetMyStatisticsResponse> getGetMyStatisticsMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "GetMyStatistics",
      requestType = dev.agora.v1.GetMyStatisticsRequest.class,
      responseType = dev.agora.v1.GetMyStatisticsResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.GetMyStatisticsRequest,
      dev.agora.v1.GetMyStatisticsResponse> getGetMyStatisticsMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.GetMyStatisticsRequest, dev.agora.v1.GetMyStatisticsResponse> getGetMyStatisticsMethod;
    if ((getGetMyStatisticsMethod = GameServiceGrpc.getGetMyStatisticsMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getGetMyStatisticsMethod = GameServiceGrpc.getGetMyStatisticsMethod) == null) {
          GameServiceGrpc.getGetMyStatisticsMethod = getGetMyStatisticsMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.GetMyStatisticsRequest, dev.agora.v1.GetMyStatisticsResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "GetMyStatistics"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.GetMyStatisticsRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.GetMyStatisticsResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("GetMyStatistics"))
              .build();
        }
      }
    }
    return getGetMyStatisticsMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.ListFinishedSessionsRequest,
      dev.agora.v1.ListFinishedSessionsResponse> getListFinishedSessionsMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ListFinishedSessions",
      requestType = dev.agora.v1.ListFinishedSessionsRequest.class,
      responseType = dev.agora.v1.ListFinishedSessionsResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.ListFinishedSessionsRequest,
      dev.agora.v1.ListFinishedSessionsResponse> getListFinishedSessionsMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.ListFinishedSessionsRequest, dev.agora.v1.ListFinishedSessionsResponse> getListFinishedSessionsMethod;
    if ((getListFinishedSessionsMethod = GameServiceGrpc.getListFinishedSessionsMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getListFinishedSessionsMethod = GameServiceGrpc.getListFinishedSessionsMethod) == null) {
          GameServiceGrpc.getListFinishedSessionsMethod = getListFinishedSessionsMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.ListFinishedSessionsRequest, dev.agora.v1.ListFinishedSessionsResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ListFinishedSessions"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.ListFinishedSessionsRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.ListFinishedSessionsResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("ListFinishedSessions"))
              .build();
        }
      }
    }
    return getListFinishedSessionsMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.SendChatMessageRequest,
      dev.agora.v1.SendChatMessageResponse> getSendChatMessageMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "SendChatMessage",
      requestType = dev.agora.v1.SendChatMessageRequest.class,
      responseType = dev.agora.v1.SendChatMessageResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.SendChatMessageRequest,
      dev.agora.v1.SendChatMessageResponse> getSendChatMessageMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.SendChatMessageRequest, dev.agora.v1.SendChatMessageResponse> getSendChatMessageMethod;
    if ((getSendChatMessageMethod = GameServiceGrpc.getSendChatMessageMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getSendChatMessageMethod = GameServiceGrpc.getSendChatMessageMethod) == null) {
          GameServiceGrpc.getSendChatMessageMethod = getSendChatMessageMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.SendChatMessageRequest, dev.agora.v1.SendChatMessageResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "SendChatMessage"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.SendChatMessageRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.SendChatMessageResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("SendChatMessage"))
              .build();
        }
      }
    }
    return getSendChatMessageMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.ListChatMessagesRequest,
      dev.agora.v1.ListChatMessagesResponse> getListChatMessagesMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ListChatMessages",
      requestType = dev.agora.v1.ListChatMessagesRequest.class,
      responseType = dev.agora.v1.ListChatMessagesResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.ListChatMessagesRequest,
      dev.agora.v1.ListChatMessagesResponse> getListChatMessagesMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.ListChatMessagesRequest, dev.agora.v1.ListChatMessagesResponse> getListChatMessagesMethod;
    if ((getListChatMessagesMethod = GameServiceGrpc.getListChatMessagesMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getListChatMessagesMethod = GameServiceGrpc.getListChatMessagesMethod) == null) {
          GameServiceGrpc.getListChatMessagesMethod = getListChatMessagesMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.ListChatMessagesRequest, dev.agora.v1.ListChatMessagesResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ListChatMessages"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.ListChatMessagesRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.ListChatMessagesResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("ListChatMessages"))
              .build();
        }
      }
    }
    return getListChatMessagesMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.StreamChatRequest,
      dev.agora.v1.StreamChatResponse> getStreamChatMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "StreamChat",
      requestType = dev.agora.v1.StreamChatRequest.class,
      responseType = dev.agora.v1.StreamChatResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.SERVER_STREAMING)
  public static io.grpc.MethodDescriptor<dev.agora.v1.StreamChatRequest,
      dev.agora.v1.StreamChatResponse> getStreamChatMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.StreamChatRequest, dev.agora.v1.StreamChatResponse> getStreamChatMethod;
    if ((getStreamChatMethod = GameServiceGrpc.getStreamChatMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getStreamChatMethod = GameServiceGrpc.getStreamChatMethod) == null) {
          GameServiceGrpc.getStreamChatMethod = getStreamChatMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.StreamChatRequest, dev.agora.v1.StreamChatResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.SERVER_STREAMING)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "StreamChat"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.StreamChatRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.StreamChatResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("StreamChat"))
              .build();
        }
      }
    }
    return getStreamChatMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.ListQuickPhrasesRequest,
      dev.agora.v1.ListQuickPhrasesResponse> getListQuickPhrasesMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ListQuickPhrases",
      requestType = dev.agora.v1.ListQuickPhrasesRequest.class,
      responseType = dev.agora.v1.ListQuickPhrasesResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.ListQuickPhrasesRequest,
      dev.agora.v1.ListQuickPhrasesResponse> getListQuickPhrasesMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.ListQuickPhrasesRequest, dev.agora.v1.ListQuickPhrasesResponse> getListQuickPhrasesMethod;
    if ((getListQuickPhrasesMethod = GameServiceGrpc.getListQuickPhrasesMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getListQuickPhrasesMethod = GameServiceGrpc.getListQuickPhrasesMethod) == null) {
          GameServiceGrpc.getListQuickPhrasesMethod = getListQuickPhrasesMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.ListQuickPhrasesRequest, dev.agora.v1.ListQuickPhrasesResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ListQuickPhrases"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.ListQuickPhrasesRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.ListQuickPhrasesResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("ListQuickPhrases"))
              .build();
        }
      }
    }
    return getListQuickPhrasesMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.MutePlayerRequest,
      dev.agora.v1.MutePlayerResponse> getMutePlayerMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "MutePlayer",
      requestType = dev.agora.v1.MutePlayerRequest.class,
      responseType = dev.agora.v1.MutePlayerResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.MutePlayerRequest,
      dev.agora.v1.MutePlayerResponse> getMutePlayerMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.MutePlayerRequest, dev.agora.v1.MutePlayerResponse> getMutePlayerMethod;
    if ((getMutePlayerMethod = GameServiceGrpc.getMutePlayerMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getMutePlayerMethod = GameServiceGrpc.getMutePlayerMethod) == null) {
          GameServiceGrpc.getMutePlayerMethod = getMutePlayerMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.MutePlayerRequest, dev.agora.v1.MutePlayerResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "MutePlayer"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.MutePlayerRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.MutePlayerResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("MutePlayer"))
              .build();
        }
      }
    }
    return getMutePlayerMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.UnmutePlayerRequest,
      dev.agora.v1.UnmutePlayerResponse> getUnmutePlayerMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "UnmutePlayer",
      requestType = dev.agora.v1.UnmutePlayerRequest.class,
      responseType = dev.agora.v1.UnmutePlayerResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.UnmutePlayerRequest,
      dev.agora.v1.UnmutePlayerResponse> getUnmutePlayerMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.UnmutePlayerRequest, dev.agora.v1.UnmutePlayerResponse> getUnmutePlayerMethod;
    if ((getUnmutePlayerMethod = GameServiceGrpc.getUnmutePlayerMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getUnmutePlayerMethod = GameServiceGrpc.getUnmutePlayerMethod) == null) {
          GameServiceGrpc.getUnmutePlayerMethod = getUnmutePlayerMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.UnmutePlayerRequest, dev.agora.v1.UnmutePlayerResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "UnmutePlayer"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.UnmutePlayerRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.UnmutePlayerResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("UnmutePlayer"))
              .build();
        }
      }
    }
    return getUnmutePlayerMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.BlockPlayerRequest,
      dev.agora.v1.BlockPlayerResponse> getBlockPlayerMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "BlockPlayer",
      requestType = dev.agora.v1.BlockPlayerRequest.class,
      responseType = dev.agora.v1.BlockPlayerResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.BlockPlayerRequest,
      dev.agora.v1.BlockPlayerResponse> getBlockPlayerMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.BlockPlayerRequest, dev.agora.v1.BlockPlayerResponse> getBlockPlayerMethod;
    if ((getBlockPlayerMethod = GameServiceGrpc.getBlockPlayerMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getBlockPlayerMethod = GameServiceGrpc.getBlockPlayerMethod) == null) {
          GameServiceGrpc.getBlockPlayerMethod = getBlockPlayerMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.BlockPlayerRequest, dev.agora.v1.BlockPlayerResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "BlockPlayer"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.BlockPlayerRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.BlockPlayerResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("BlockPlayer"))
              .build();
        }
      }
    }
    return getBlockPlayerMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.UnblockPlayerRequest,
      dev.agora.v1.UnblockPlayerResponse> getUnblockPlayerMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "UnblockPlayer",
      requestType = dev.agora.v1.UnblockPlayerRequest.class,
      responseType = dev.agora.v1.UnblockPlayerResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.UnblockPlayerRequest,
      dev.agora.v1.UnblockPlayerResponse> getUnblockPlayerMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.UnblockPlayerRequest, dev.agora.v1.UnblockPlayerResponse> getUnblockPlayerMethod;
    if ((getUnblockPlayerMethod = GameServiceGrpc.getUnblockPlayerMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getUnblockPlayerMethod = GameServiceGrpc.getUnblockPlayerMethod) == null) {
          GameServiceGrpc.getUnblockPlayerMethod = getUnblockPlayerMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.UnblockPlayerRequest, dev.agora.v1.UnblockPlayerResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "UnblockPlayer"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.UnblockPlayerRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.UnblockPlayerResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("UnblockPlayer"))
              .build();
        }
      }
    }
    return getUnblockPlayerMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.ListBlockedPlayersRequest,
      dev.agora.v1.ListBlockedPlayersResponse> getListBlockedPlayersMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ListBlockedPlayers",
      requestType = dev.agora.v1.ListBlockedPlayersRequest.class,
      responseType = dev.agora.v1.ListBlockedPlayersResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.ListBlockedPlayersRequest,
      dev.agora.v1.ListBlockedPlayersResponse> getListBlockedPlayersMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.ListBlockedPlayersRequest, dev.agora.v1.ListBlockedPlayersResponse> getListBlockedPlayersMethod;
    if ((getListBlockedPlayersMethod = GameServiceGrpc.getListBlockedPlayersMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getListBlockedPlayersMethod = GameServiceGrpc.getListBlockedPlayersMethod) == null) {
          GameServiceGrpc.getListBlockedPlayersMethod = getListBlockedPlayersMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.ListBlockedPlayersRequest, dev.agora.v1.ListBlockedPlayersResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ListBlockedPlayers"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.ListBlockedPlayersRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.ListBlockedPlayersResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("ListBlockedPlayers"))
              .build();
        }
      }
    }
    return getListBlockedPlayersMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.ReportPlayerRequest,
      dev.agora.v1.ReportPlayerResponse> getReportPlayerMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ReportPlayer",
      requestType = dev.agora.v1.ReportPlayerRequest.class,
      responseType = dev.agora.v1.ReportPlayerResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.ReportPlayerRequest,
      dev.agora.v1.ReportPlayerResponse> getReportPlayerMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.ReportPlayerRequest, dev.agora.v1.ReportPlayerResponse> getReportPlayerMethod;
    if ((getReportPlayerMethod = GameServiceGrpc.getReportPlayerMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getReportPlayerMethod = GameServiceGrpc.getReportPlayerMethod) == null) {
          GameServiceGrpc.getReportPlayerMethod = getReportPlayerMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.ReportPlayerRequest, dev.agora.v1.ReportPlayerResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ReportPlayer"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.ReportPlayerRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.ReportPlayerResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("ReportPlayer"))
              .build();
        }
      }
    }
    return getReportPlayerMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.StartQuickMatchRequest,
      dev.agora.v1.StartQuickMatchResponse> getStartQuickMatchMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "StartQuickMatch",
      requestType = dev.agora.v1.StartQuickMatchRequest.class,
      responseType = dev.agora.v1.StartQuickMatchResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.StartQuickMatchRequest,
      dev.agora.v1.StartQuickMatchResponse> getStartQuickMatchMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.StartQuickMatchRequest, dev.agora.v1.StartQuickMatchResponse> getStartQuickMatchMethod;
    if ((getStartQuickMatchMethod = GameServiceGrpc.getStartQuickMatchMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getStartQuickMatchMethod = GameServiceGrpc.getStartQuickMatchMethod) == null) {
          GameServiceGrpc.getStartQuickMatchMethod = getStartQuickMatchMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.StartQuickMatchRequest, dev.agora.v1.StartQuickMatchResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "StartQuickMatch"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.StartQuickMatchRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.StartQuickMatchResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("StartQuickMatch"))
              .build();
        }
      }
    }
    return getStartQuickMatchMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.GetMatchTicketRequest,
      dev.agora.v1.GetMatchTicketResponse> getGetMatchTicketMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "GetMatchTicket",
      requestType = dev.agora.v1.GetMatchTicketRequest.class,
      responseType = dev.agora.v1.GetMatchTicketResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.GetMatchTicketRequest,
      dev.agora.v1.GetMatchTicketResponse> getGetMatchTicketMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.GetMatchTicketRequest, dev.agora.v1.GetMatchTicketResponse> getGetMatchTicketMethod;
    if ((getGetMatchTicketMethod = GameServiceGrpc.getGetMatchTicketMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getGetMatchTicketMethod = GameServiceGrpc.getGetMatchTicketMethod) == null) {
          GameServiceGrpc.getGetMatchTicketMethod = getGetMatchTicketMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.GetMatchTicketRequest, dev.agora.v1.GetMatchTicketResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "GetMatchTicket"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.GetMatchTicketRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.GetMatchTicketResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("GetMatchTicket"))
              .build();
        }
      }
    }
    return getGetMatchTicketMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.CancelQuickMatchRequest,
      dev.agora.v1.CancelQuickMatchResponse> getCancelQuickMatchMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "CancelQuickMatch",
      requestType = dev.agora.v1.CancelQuickMatchRequest.class,
      responseType = dev.agora.v1.CancelQuickMatchResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.CancelQuickMatchRequest,
      dev.agora.v1.CancelQuickMatchResponse> getCancelQuickMatchMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.CancelQuickMatchRequest, dev.agora.v1.CancelQuickMatchResponse> getCancelQuickMatchMethod;
    if ((getCancelQuickMatchMethod = GameServiceGrpc.getCancelQuickMatchMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getCancelQuickMatchMethod = GameServiceGrpc.getCancelQuickMatchMethod) == null) {
          GameServiceGrpc.getCancelQuickMatchMethod = getCancelQuickMatchMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.CancelQuickMatchRequest, dev.agora.v1.CancelQuickMatchResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "CancelQuickMatch"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.CancelQuickMatchRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.CancelQuickMatchResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("CancelQuickMatch"))
              .build();
        }
      }
    }
    return getCancelQuickMatchMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.WatchMatchTicketRequest,
      dev.agora.v1.WatchMatchTicketResponse> getWatchMatchTicketMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "WatchMatchTicket",
      requestType = dev.agora.v1.WatchMatchTicketRequest.class,
      responseType = dev.agora.v1.WatchMatchTicketResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.SERVER_STREAMING)
  public static io.grpc.MethodDescriptor<dev.agora.v1.WatchMatchTicketRequest,
      dev.agora.v1.WatchMatchTicketResponse> getWatchMatchTicketMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.WatchMatchTicketRequest, dev.agora.v1.WatchMatchTicketResponse> getWatchMatchTicketMethod;
    if ((getWatchMatchTicketMethod = GameServiceGrpc.getWatchMatchTicketMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getWatchMatchTicketMethod = GameServiceGrpc.getWatchMatchTicketMethod) == null) {
          GameServiceGrpc.getWatchMatchTicketMethod = getWatchMatchTicketMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.WatchMatchTicketRequest, dev.agora.v1.WatchMatchTicketResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.SERVER_STREAMING)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "WatchMatchTicket"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.WatchMatchTicketRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.WatchMatchTicketResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("WatchMatchTicket"))
              .build();
        }
      }
    }
    return getWatchMatchTicketMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.GetRatingRequest,
      dev.agora.v1.GetRatingResponse> getGetRatingMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "GetRating",
      requestType = dev.agora.v1.GetRatingRequest.class,
      responseType = dev.agora.v1.GetRatingResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.GetRatingRequest,
      dev.agora.v1.GetRatingResponse> getGetRatingMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.GetRatingRequest, dev.agora.v1.GetRatingResponse> getGetRatingMethod;
    if ((getGetRatingMethod = GameServiceGrpc.getGetRatingMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getGetRatingMethod = GameServiceGrpc.getGetRatingMethod) == null) {
          GameServiceGrpc.getGetRatingMethod = getGetRatingMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.GetRatingRequest, dev.agora.v1.GetRatingResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "GetRating"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.GetRatingRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.GetRatingResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("GetRating"))
              .build();
        }
      }
    }
    return getGetRatingMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.GetLeaderboardRequest,
      dev.agora.v1.GetLeaderboardResponse> getGetLeaderboardMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "GetLeaderboard",
      requestType = dev.agora.v1.GetLeaderboardRequest.class,
      responseType = dev.agora.v1.GetLeaderboardResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.GetLeaderboardRequest,
      dev.agora.v1.GetLeaderboardResponse> getGetLeaderboardMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.GetLeaderboardRequest, dev.agora.v1.GetLeaderboardResponse> getGetLeaderboardMethod;
    if ((getGetLeaderboardMethod = GameServiceGrpc.getGetLeaderboardMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getGetLeaderboardMethod = GameServiceGrpc.getGetLeaderboardMethod) == null) {
          GameServiceGrpc.getGetLeaderboardMethod = getGetLeaderboardMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.GetLeaderboardRequest, dev.agora.v1.GetLeaderboardResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "GetLeaderboard"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.GetLeaderboardRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.GetLeaderboardResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("GetLeaderboard"))
              .build();
        }
      }
    }
    return getGetLeaderboardMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.agora.v1.GetLeaderboardAroundMeRequest,
      dev.agora.v1.GetLeaderboardAroundMeResponse> getGetLeaderboardAroundMeMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "GetLeaderboardAroundMe",
      requestType = dev.agora.v1.GetLeaderboardAroundMeRequest.class,
      responseType = dev.agora.v1.GetLeaderboardAroundMeResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.agora.v1.GetLeaderboardAroundMeRequest,
      dev.agora.v1.GetLeaderboardAroundMeResponse> getGetLeaderboardAroundMeMethod() {
    io.grpc.MethodDescriptor<dev.agora.v1.GetLeaderboardAroundMeRequest, dev.agora.v1.GetLeaderboardAroundMeResponse> getGetLeaderboardAroundMeMethod;
    if ((getGetLeaderboardAroundMeMethod = GameServiceGrpc.getGetLeaderboardAroundMeMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getGetLeaderboardAroundMeMethod = GameServiceGrpc.getGetLeaderboardAroundMeMethod) == null) {
          GameServiceGrpc.getGetLeaderboardAroundMeMethod = getGetLeaderboardAroundMeMethod =
              io.grpc.MethodDescriptor.<dev.agora.v1.GetLeaderboardAroundMeRequest, dev.agora.v1.GetLeaderboardAroundMeResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "GetLeaderboardAroundMe"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.GetLeaderboardAroundMeRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.agora.v1.GetLeaderboardAroundMeResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("GetLeaderboardAroundMe"))
              .build();
        }
      }
    }
    return getGetLeaderboardAroundMeMethod;
  }

  /**
   * Creates a new async stub that supports all call types for the service
   */
  public static GameServiceStub newStub(io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<GameServiceStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<GameServiceStub>() {
        @java.lang.Override
        public GameServiceStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new GameServiceStub(channel, callOptions);
        }
      };
    return GameServiceStub.newStub(factory, channel);
  }

  /**
   * Creates a new blocking-style stub that supports unary and streaming output calls on the service
   */
  public static GameServiceBlockingStub newBlockingStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<GameServiceBlockingStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<GameServiceBlockingStub>() {
        @java.lang.Override
        public GameServiceBlockingStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new GameServiceBlockingStub(channel, callOptions);
        }
      };
    return GameServiceBlockingStub.newStub(factory, channel);
  }

  /**
   * Creates a new ListenableFuture-style stub that supports unary calls on the service
   */
  public static GameServiceFutureStub newFutureStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<GameServiceFutureStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<GameServiceFutureStub>() {
        @java.lang.Override
        public GameServiceFutureStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new GameServiceFutureStub(channel, callOptions);
        }
      };
    return GameServiceFutureStub.newStub(factory, channel);
  }

  /**
   * <pre>
   * Hosts turn-based board games. Sessions are addressed by `session_id`.
   * Versioning: within `agora.v1` changes are additive only (new RPCs, messages, fields
   * with new numbers, enum values); numbers and names are never reused, and unset new
   * fields mean the old behaviour. CI refuses a breaking change against the last released
   * proto (proto/compat/README.md); what cannot be additive goes into `agora.v2`.
   * Authentication: JoinSession returns a secret seat token; send it on later calls as
   * `authorization: Bearer &lt;token&gt;` metadata. Calls without a token act as a spectator
   * (GetState, StreamEvents) or are refused with UNAUTHENTICATED (ListLegalActions,
   * SubmitAction, LeaveSession). A token of another session or seat is refused with
   * PERMISSION_DENIED (LeaveSession: see there).
   * Errors. Every refusal is one of these codes with a sentence; a refused call changes
   * nothing. "Retry" means: send the same request again (same request_id) after an
   * exponential backoff with jitter.
   * | code                | when                                                    | retry |
   * |---------------------|---------------------------------------------------------|-------|
   * | INVALID_ARGUMENT    | a field is missing, malformed or out of range (a        | no    |
   * |                     | google.rpc.BadRequest detail names the field path);     |       |
   * |                     | a body that is not a valid protobuf message of the      |       |
   * |                     | request type; an action not written exactly as          |       |
   * |                     | ListLegalActions lists it (the hex "I8", not "i8" or    |       |
   * |                     | "I08"; the Archon only with index 0); a seat the        |       |
   * |                     | session does not have; a request_id reused with a       |       |
   * |                     | different request                                       |       |
   * | ALREADY_EXISTS      | a CreateSession or JoinSession request_id that another  | no    |
   * |                     | caller used first (send a fresh random id)              |       |
   * | NOT_FOUND           | no such session (never created, or expired); a followed | no    |
   * |                     | session that expired or was lost ends its stream so     |       |
   * | FAILED_PRECONDITION | not possible now: an illegal move, or WAITING_FOR_      | no    |
   * |                     | PLAYERS, SEAT_TAKEN, SESSION_FULL, GAME_STARTED (a      |       |
   * |                     | LeaveSession once every seat is taken), GAME_OVER,      |       |
   * |                     | RESIGNED, BOT_SEAT (a server bot plays it),             |       |
   * |                     | ALREADY_A_BOT; the reason is in a google.rpc.ErrorInfo  |       |
   * |                     | detail (domain "agora.dev"), a game's rule codes are    |       |
   * |                     | listed in its catalog entry                             |       |
   * | ABORTED             | SubmitAction's expected_version is stale (reload and    | no    |
   * |                     | decide again); a stream fell behind (resume from the    |       |
   * |                     | version named)                                          |       |
   * | OUT_OF_RANGE        | StreamEvents after a version the session has not        | no    |
   * |                     | reached (ask from one it has)                           |       |
   * | UNAUTHENTICATED     | no seat token where one is needed, or an authorization  | no    |
   * |                     | header that is not `Bearer &lt;token&gt;`                     |       |
   * | PERMISSION_DENIED   | a token that is not a seat of this session (except on   | no    |
   * |                     | LeaveSession, which answers OK: it holds no seat); a    |       |
   * |                     | seat's stream opened before the game started ends so at |       |
   * |                     | the first version if that seat was given back           |       |
   * | RESOURCE_EXHAUSTED  | a limit: concurrent requests, streams per connection,   | yes   |
   * |                     | per client address or per player, sessions              | (size:|
   * |                     | (CreateSession); or a message or metadata over the size | no)   |
   * |                     | limit, refused however often it is sent                 |       |
   * | DEADLINE_EXCEEDED   | the call did not complete within the server's request   | yes   |
   * |                     | timeout or the caller's deadline                        |       |
   * | UNAVAILABLE         | the session store cannot be reached; the server is      | yes   |
   * |                     | shutting down; a stream ended (resume from the version  |       |
   * |                     | named); or the connection to a replica broke            |       |
   * | INTERNAL            | stored session data cannot be read (a server fault)     | no    |
   * | UNIMPLEMENTED       | a method this server does not have                      | no    |
   * Retries (AIP-155): CreateSession, JoinSession, SubmitAction, ResignSession,
   * HandSeatToBot, UndoAction and ImportSession take a client-chosen `request_id` (a random
   * UUID); a call sent again with the same id and the same request,
   * on any replica, answers what the first call did and does nothing twice. LeaveSession
   * needs no id: it is idempotent (a retry finds the seat already free and answers OK);
   * nor does RematchSession (a finished session has one rematch, whoever asks).
   * Send a request_id with every mutating call that takes one, and let the client retry
   * UNAVAILABLE, RESOURCE_EXHAUSTED and DEADLINE_EXCEEDED with it (the clients' default
   * gRPC service config does so for the first two). Reads need no id. StreamEvents is resumed rather
   * than retried: open it again with `after_version` set to the last version received.
   * </pre>
   */
  public static abstract class GameServiceImplBase implements io.grpc.BindableService {

    /**
     * <pre>
     * The catalog: every hosted game with its player counts and options.
     * </pre>
     */
    public void listGames(dev.agora.v1.ListGamesRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.ListGamesResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getListGamesMethod(), responseObserver);
    }

    /**
     * <pre>
     * Creates a session with every seat open. The game is set up at once (seeded).
     * </pre>
     */
    public void createSession(dev.agora.v1.CreateSessionRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.CreateSessionResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getCreateSessionMethod(), responseObserver);
    }

    /**
     * <pre>
     * The public description of one session.
     * </pre>
     */
    public void getSession(dev.agora.v1.GetSessionRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.GetSessionResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getGetSessionMethod(), responseObserver);
    }

    /**
     * <pre>
     * The lobby: sessions, by default only those with open seats.
     * </pre>
     */
    public void listSessions(dev.agora.v1.ListSessionsRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.ListSessionsResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getListSessionsMethod(), responseObserver);
    }

    /**
     * <pre>
     * Takes a seat and returns its secret token. Play starts when every seat is taken.
     * With a player token (authorization: Bearer &lt;JWT&gt;, see docs/identity.md) the seat is
     * bound to the player, who then acts for it with that token alone; the player's name
     * comes from its token when `player_name` is empty. A private session refuses anyone it
     * did not invite with PERMISSION_DENIED; with --max-open-sessions-per-player, a player
     * already seated in that many unfinished sessions gets RESOURCE_EXHAUSTED.
     * </pre>
     */
    public void joinSession(dev.agora.v1.JoinSessionRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.JoinSessionResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getJoinSessionMethod(), responseObserver);
    }

    /**
     * <pre>
     * Gives the caller's seat back before the game starts, so someone else can take it.
     * Needs the seat token, or the player token of the player the seat belongs to
     * (UNAUTHENTICATED without one). While some seat is still open
     * (SESSION_STATUS_WAITING_FOR_PLAYERS) the seat is opened again: its name and token are
     * forgotten, the session is listed in the lobby as open, and a JoinSession retried with
     * the request_id that took this seat takes a fresh seat with a fresh token. The token
     * no longer works on this session. Once every seat is taken the game has started and
     * leaving is refused with FAILED_PRECONDITION (reason GAME_STARTED): use ResignSession
     * instead. Idempotent: a token that holds no seat of the session (it already left, or
     * it belongs to another session) is answered OK and nothing changes, so a retry after
     * a lost answer is safe and needs no request_id.
     * </pre>
     */
    public void leaveSession(dev.agora.v1.LeaveSessionRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.LeaveSessionResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getLeaveSessionMethod(), responseObserver);
    }

    /**
     * <pre>
     * The caller's view of the game: its own secrets, nobody else's.
     * </pre>
     */
    public void getState(dev.agora.v1.GetStateRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.GetStateResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getGetStateMethod(), responseObserver);
    }

    /**
     * <pre>
     * Every action the caller's seat may take now (empty when it has nothing to decide).
     * </pre>
     */
    public void listLegalActions(dev.agora.v1.ListLegalActionsRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.ListLegalActionsResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getListLegalActionsMethod(), responseObserver);
    }

    /**
     * <pre>
     * Plays one decision for the caller's seat.
     * </pre>
     */
    public void submitAction(dev.agora.v1.SubmitActionRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.SubmitActionResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getSubmitActionMethod(), responseObserver);
    }

    /**
     * <pre>
     * Every committed version after `after_version`, then live ones as they commit.
     * Resume after a disconnect with the last version received: no gap, no duplicate.
     * A version that changed who plays a seat (a resignation, a seat handed to a bot) has
     * `seat_change` set and no events.
     * Ends with ABORTED (fell behind) or UNAVAILABLE (shutdown) naming the version to
     * resume from, or NOT_FOUND when the session expired or was lost while followed, or
     * PERMISSION_DENIED when it was opened with a seat token before the game started and
     * that seat was given back (LeaveSession) before the first version.
     * </pre>
     */
    public void streamEvents(dev.agora.v1.StreamEventsRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.StreamEventsResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getStreamEventsMethod(), responseObserver);
    }

    /**
     * <pre>
     * The caller's seat gives up the game in progress (a committed version, like a move).
     * With one opponent the game ends: the seat ranks last, the other first. With more
     * players a server bot (BOT_KIND_RANDOM) plays the seat out, so the others finish
     * their game, and the seat ranks last in the final standings. Refused with
     * FAILED_PRECONDITION (reason GAME_OVER, RESIGNED, WAITING_FOR_PLAYERS) when there is
     * nothing to resign. Safe to retry with `request_id`.
     * </pre>
     */
    public void resignSession(dev.agora.v1.ResignSessionRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.ResignSessionResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getResignSessionMethod(), responseObserver);
    }

    /**
     * <pre>
     * A server bot plays the caller's seat from the next version on (the player stays
     * seated and can watch; its ListLegalActions is empty and its SubmitAction refused with
     * BOT_SEAT). Safe to retry with `request_id`.
     * </pre>
     */
    public void handSeatToBot(dev.agora.v1.HandSeatToBotRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.HandSeatToBotResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getHandSeatToBotMethod(), responseObserver);
    }

    /**
     * <pre>
     * Takes back the caller's latest decision while its turn goes on (Board Game Arena's
     * rule): allowed only when no other seat has decided since, the caller is still to act,
     * and the decision neither drew at random (a card, a tile, a die) nor revealed or moved
     * hidden information; else FAILED_PRECONDITION with reason UNDO_NOT_ALLOWED and a
     * sentence saying which. Repeated undos go further back within the turn. The log stays
     * append-only: the undo is a new version (`seat_change.undo`) whose game is the one from
     * before the decision; read the state again. Safe to retry with `request_id`.
     * </pre>
     */
    public void undoAction(dev.agora.v1.UndoActionRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.UndoActionResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getUndoActionMethod(), responseObserver);
    }

    /**
     * <pre>
     * From a finished session, by one of its players: a new session of the same game,
     * options and time control, with the same players and bots, each one seat further on
     * (seat i plays seat i+1), every seat taken, so it starts at once. Each player's seat
     * token of the finished session is its token in the new one too. Asked twice (by every
     * player, at once or later), it answers the one rematch; the finished session names it
     * in `Session.rematch_session_id`, and its streams are told
     * (`StreamEventsResponse.rematch_session_id`). FAILED_PRECONDITION (reason
     * GAME_IN_PROGRESS) before the end.
     * </pre>
     */
    public void rematchSession(dev.agora.v1.RematchSessionRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.RematchSessionResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getRematchSessionMethod(), responseObserver);
    }

    /**
     * <pre>
     * A page of the session's committed versions as the caller may see them: exactly what
     * StreamEvents sends for them (same redaction, same `seat_change`), without following
     * the session live. A seat token sees its seat's secrets; no token is a spectator.
     * OUT_OF_RANGE when after_version is ahead of the session's version.
     * </pre>
     */
    public void getHistory(dev.agora.v1.GetHistoryRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.GetHistoryResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getGetHistoryMethod(), responseObserver);
    }

    /**
     * <pre>
     * The session as a self-contained record (SessionExport). While the game is in play it
     * holds only what the caller may see (no seed, no decisions: the redacted history);
     * once the game is over it holds the seed and every decision, which reproduce the game
     * exactly (ImportSession). FAILED_PRECONDITION (reason EXPORT_UNAVAILABLE) for a
     * finished session whose log was written by a release that did not record decisions.
     * </pre>
     */
    public void exportSession(dev.agora.v1.ExportSessionRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.ExportSessionResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getExportSessionMethod(), responseObserver);
    }

    /**
     * <pre>
     * Creates a new, read-only session from a finished game's export by replaying its
     * decisions (all of them, or up to stop_at_version): for analysis and replays through
     * GetSession, GetState (as a spectator), GetHistory and StreamEvents. Nobody holds a
     * seat token of it and no server bot plays it, so it never changes. A decision that
     * does not apply is refused with INVALID_ARGUMENT naming `export.versions[i]`, and
     * nothing is stored. Safe to retry with `request_id`.
     * </pre>
     */
    public void importSession(dev.agora.v1.ImportSessionRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.ImportSessionResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getImportSessionMethod(), responseObserver);
    }

    /**
     * <pre>
     * The signed-in player's sessions (those it holds a seat in): first those where one of
     * its seats must decide now, then those waiting (for another seat, or for players),
     * then finished ones still kept (--finished-ttl) and, on a server with an archive
     * (--archive-url), every archived one, most recently changed first within each group;
     * paged, with no cap on the archived ones; filtered by game, result and finish dates.
     * Needs a player token (authorization: Bearer &lt;JWT&gt;); UNAUTHENTICATED without one.
     * </pre>
     */
    public void listMySessions(dev.agora.v1.ListMySessionsRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.ListMySessionsResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getListMySessionsMethod(), responseObserver);
    }

    /**
     * <pre>
     * The signed-in player's statistics per game over its archived games (played, won,
     * lost, drawn, unfinished, average and best score, last played), most recently played
     * game first. Needs a player token (UNAUTHENTICATED without one) and an archive
     * (FAILED_PRECONDITION, reason ARCHIVE_OFF, on a server without --archive-url). Counts
     * games once the archive holds them (seconds after they finish).
     * </pre>
     */
    public void getMyStatistics(dev.agora.v1.GetMyStatisticsRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.GetMyStatisticsResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getGetMyStatisticsMethod(), responseObserver);
    }

    /**
     * <pre>
     * Finished games from the archive, newest first, of one game id (or every game) that
     * finished between two dates; paged. Anyone may call it, as anyone may read a finished
     * session by id; private sessions (with invited players) are listed only to a
     * signed-in player seated in them. FAILED_PRECONDITION (reason ARCHIVE_OFF) on a
     * server without --archive-url. One game by id: GetSession, ExportSession.
     * </pre>
     */
    public void listFinishedSessions(dev.agora.v1.ListFinishedSessionsRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.ListFinishedSessionsResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getListFinishedSessionsMethod(), responseObserver);
    }

    /**
     * <pre>
     * Says something at the table: a text (at most 280 characters) or a quick phrase id.
     * Seated players may (seat token or player token); spectators only when the session
     * was created with `spectators_may_chat` (PERMISSION_DENIED otherwise). `request_id`
     * is required: a retry answers the first message. RESOURCE_EXHAUSTED (with RetryInfo)
     * over the per-player rate; FAILED_PRECONDITION (reason CHAT_FULL) past the session's
     * cap, (reason MESSAGE_REJECTED) when the operator's filter refuses it.
     * </pre>
     */
    public void sendChatMessage(dev.agora.v1.SendChatMessageRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.SendChatMessageResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getSendChatMessageMethod(), responseObserver);
    }

    /**
     * <pre>
     * The table's messages after a sequence, paged. Who may read: the session's players;
     * spectators only when spectators may chat and the session is not private.
     * </pre>
     */
    public void listChatMessages(dev.agora.v1.ListChatMessagesRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.ListChatMessagesResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getListChatMessagesMethod(), responseObserver);
    }

    /**
     * <pre>
     * The table's messages after a sequence, then each new one: gap-free and resumable
     * (a stream that ends says the sequence to resume after). Same readers as
     * ListChatMessages.
     * </pre>
     */
    public void streamChat(dev.agora.v1.StreamChatRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.StreamChatResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getStreamChatMethod(), responseObserver);
    }

    /**
     * <pre>
     * The quick phrases and emotes a client may send by id.
     * </pre>
     */
    public void listQuickPhrases(dev.agora.v1.ListQuickPhrasesRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.ListQuickPhrasesResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getListQuickPhrasesMethod(), responseObserver);
    }

    /**
     * <pre>
     * Hides another player's messages from the signed-in caller (everywhere, until
     * UnmutePlayer). Needs a player token. Safe to repeat.
     * </pre>
     */
    public void mutePlayer(dev.agora.v1.MutePlayerRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.MutePlayerResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getMutePlayerMethod(), responseObserver);
    }

    /**
     */
    public void unmutePlayer(dev.agora.v1.UnmutePlayerRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.UnmutePlayerResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getUnmutePlayerMethod(), responseObserver);
    }

    /**
     * <pre>
     * The signed-in caller never sits at a table with this player again (JoinSession
     * refuses either of them with FAILED_PRECONDITION, reason PLAYER_BLOCKED, without
     * saying who blocked whom), and the player's messages are hidden from the caller.
     * Needs a player token. Safe to repeat.
     * </pre>
     */
    public void blockPlayer(dev.agora.v1.BlockPlayerRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.BlockPlayerResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getBlockPlayerMethod(), responseObserver);
    }

    /**
     */
    public void unblockPlayer(dev.agora.v1.UnblockPlayerRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.UnblockPlayerResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getUnblockPlayerMethod(), responseObserver);
    }

    /**
     * <pre>
     * The players the signed-in caller blocked and muted.
     * </pre>
     */
    public void listBlockedPlayers(dev.agora.v1.ListBlockedPlayersRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.ListBlockedPlayersResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getListBlockedPlayersMethod(), responseObserver);
    }

    /**
     * <pre>
     * Reports a player (and optionally one of its messages) to the operators, with the
     * session and the message as they were. Needs a player token and a request id.
     * </pre>
     */
    public void reportPlayer(dev.agora.v1.ReportPlayerRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.ReportPlayerResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getReportPlayerMethod(), responseObserver);
    }

    /**
     * <pre>
     * Quick match: puts the signed-in player in a pool (game id, player count, rated or
     * casual) with exact options or any options of the pool, and answers a ticket. The
     * server matches close ratings first and widens the window with waiting time, then
     * creates the session with every matched player seated (docs/api.md, "Quick match,
     * challenges and invite codes"). One open ticket per player per pool: a second call
     * answers the open ticket (ALREADY_EXISTS when its options differ). UNAUTHENTICATED
     * without a player token; RESOURCE_EXHAUSTED (with RetryInfo) over the ticket rate.
     * </pre>
     */
    public void startQuickMatch(dev.agora.v1.StartQuickMatchRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.StartQuickMatchResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getStartQuickMatchMethod(), responseObserver);
    }

    /**
     * <pre>
     * The caller's ticket as it stands (a poll): WAITING, MATCHED (with the session and
     * seat), EXPIRED or CANCELLED. NOT_FOUND for a ticket that is not the caller's.
     * </pre>
     */
    public void getMatchTicket(dev.agora.v1.GetMatchTicketRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.GetMatchTicketResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getGetMatchTicketMethod(), responseObserver);
    }

    /**
     * <pre>
     * Takes the caller's waiting ticket out of its pool; a ticket that has ended is
     * answered as it stands (idempotent).
     * </pre>
     */
    public void cancelQuickMatch(dev.agora.v1.CancelQuickMatchRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.CancelQuickMatchResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getCancelQuickMatchMethod(), responseObserver);
    }

    /**
     * <pre>
     * The caller's ticket now and at every change, with heartbeats while it waits; ends
     * after the ticket is matched, expired or cancelled.
     * </pre>
     */
    public void watchMatchTicket(dev.agora.v1.WatchMatchTicketRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.WatchMatchTicketResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getWatchMatchTicketMethod(), responseObserver);
    }

    /**
     * <pre>
     * A player's Glicko-2 rating in one pool, or in every pool of a game (`player_id` empty:
     * the signed-in caller's). A player never rated gets a new player's 1500 / 350 / 0.06;
     * deviation grows with days without a rated game. NOT_FOUND: no such pool or game;
     * INVALID_ARGUMENT: neither or both of `pool_id` and `game_id`; UNAUTHENTICATED: no
     * `player_id` and no player token.
     * </pre>
     */
    public void getRating(dev.agora.v1.GetRatingRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.GetRatingResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getGetRatingMethod(), responseObserver);
    }

    /**
     * <pre>
     * A pool's leaderboard, best first, paged; established players (deviation at most 110)
     * and provisional players are two lists (`provisional`). NOT_FOUND: no such pool;
     * INVALID_ARGUMENT: a page_token this call did not return.
     * </pre>
     */
    public void getLeaderboard(dev.agora.v1.GetLeaderboardRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.GetLeaderboardResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getGetLeaderboardMethod(), responseObserver);
    }

    /**
     * <pre>
     * The signed-in caller's rank in a pool and the `count` players above and below.
     * UNAUTHENTICATED without a player token; NOT_FOUND: no such pool.
     * </pre>
     */
    public void getLeaderboardAroundMe(dev.agora.v1.GetLeaderboardAroundMeRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.GetLeaderboardAroundMeResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getGetLeaderboardAroundMeMethod(), responseObserver);
    }

    @java.lang.Override public final io.grpc.ServerServiceDefinition bindService() {
      return io.grpc.ServerServiceDefinition.builder(getServiceDescriptor())
          .addMethod(
            getListGamesMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.ListGamesRequest,
                dev.agora.v1.ListGamesResponse>(
                  this, METHODID_LIST_GAMES)))
          .addMethod(
            getCreateSessionMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.CreateSessionRequest,
                dev.agora.v1.CreateSessionResponse>(
                  this, METHODID_CREATE_SESSION)))
          .addMethod(
            getGetSessionMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.GetSessionRequest,
                dev.agora.v1.GetSessionResponse>(
                  this, METHODID_GET_SESSION)))
          .addMethod(
            getListSessionsMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.ListSessionsRequest,
                dev.agora.v1.ListSessionsResponse>(
                  this, METHODID_LIST_SESSIONS)))
          .addMethod(
            getJoinSessionMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.JoinSessionRequest,
                dev.agora.v1.JoinSessionResponse>(
                  this, METHODID_JOIN_SESSION)))
          .addMethod(
            getLeaveSessionMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.LeaveSessionRequest,
                dev.agora.v1.LeaveSessionResponse>(
                  this, METHODID_LEAVE_SESSION)))
          .addMethod(
            getGetStateMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.GetStateRequest,
                dev.agora.v1.GetStateResponse>(
                  this, METHODID_GET_STATE)))
          .addMethod(
            getListLegalActionsMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.ListLegalActionsRequest,
                dev.agora.v1.ListLegalActionsResponse>(
                  this, METHODID_LIST_LEGAL_ACTIONS)))
          .addMethod(
            getSubmitActionMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.SubmitActionRequest,
                dev.agora.v1.SubmitActionResponse>(
                  this, METHODID_SUBMIT_ACTION)))
          .addMethod(
            getStreamEventsMethod(),
            io.grpc.stub.ServerCalls.asyncServerStreamingCall(
              new MethodHandlers<
                dev.agora.v1.StreamEventsRequest,
                dev.agora.v1.StreamEventsResponse>(
                  this, METHODID_STREAM_EVENTS)))
          .addMethod(
            getResignSessionMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.ResignSessionRequest,
                dev.agora.v1.ResignSessionResponse>(
                  this, METHODID_RESIGN_SESSION)))
          .addMethod(
            getHandSeatToBotMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.HandSeatToBotRequest,
                dev.agora.v1.HandSeatToBotResponse>(
                  this, METHODID_HAND_SEAT_TO_BOT)))
          .addMethod(
            getUndoActionMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.UndoActionRequest,
                dev.agora.v1.UndoActionResponse>(
                  this, METHODID_UNDO_ACTION)))
          .addMethod(
            getRematchSessionMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.RematchSessionRequest,
                dev.agora.v1.RematchSessionResponse>(
                  this, METHODID_REMATCH_SESSION)))
          .addMethod(
            getGetHistoryMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.GetHistoryRequest,
                dev.agora.v1.GetHistoryResponse>(
                  this, METHODID_GET_HISTORY)))
          .addMethod(
            getExportSessionMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.ExportSessionRequest,
                dev.agora.v1.ExportSessionResponse>(
                  this, METHODID_EXPORT_SESSION)))
          .addMethod(
            getImportSessionMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.ImportSessionRequest,
                dev.agora.v1.ImportSessionResponse>(
                  this, METHODID_IMPORT_SESSION)))
          .addMethod(
            getListMySessionsMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.ListMySessionsRequest,
                dev.agora.v1.ListMySessionsResponse>(
                  this, METHODID_LIST_MY_SESSIONS)))
          .addMethod(
            getGetMyStatisticsMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.GetMyStatisticsRequest,
                dev.agora.v1.GetMyStatisticsResponse>(
                  this, METHODID_GET_MY_STATISTICS)))
          .addMethod(
            getListFinishedSessionsMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.ListFinishedSessionsRequest,
                dev.agora.v1.ListFinishedSessionsResponse>(
                  this, METHODID_LIST_FINISHED_SESSIONS)))
          .addMethod(
            getSendChatMessageMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.SendChatMessageRequest,
                dev.agora.v1.SendChatMessageResponse>(
                  this, METHODID_SEND_CHAT_MESSAGE)))
          .addMethod(
            getListChatMessagesMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.ListChatMessagesRequest,
                dev.agora.v1.ListChatMessagesResponse>(
                  this, METHODID_LIST_CHAT_MESSAGES)))
          .addMethod(
            getStreamChatMethod(),
            io.grpc.stub.ServerCalls.asyncServerStreamingCall(
              new MethodHandlers<
                dev.agora.v1.StreamChatRequest,
                dev.agora.v1.StreamChatResponse>(
                  this, METHODID_STREAM_CHAT)))
          .addMethod(
            getListQuickPhrasesMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.ListQuickPhrasesRequest,
                dev.agora.v1.ListQuickPhrasesResponse>(
                  this, METHODID_LIST_QUICK_PHRASES)))
          .addMethod(
            getMutePlayerMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.MutePlayerRequest,
                dev.agora.v1.MutePlayerResponse>(
                  this, METHODID_MUTE_PLAYER)))
          .addMethod(
            getUnmutePlayerMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.UnmutePlayerRequest,
                dev.agora.v1.UnmutePlayerResponse>(
                  this, METHODID_UNMUTE_PLAYER)))
          .addMethod(
            getBlockPlayerMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.BlockPlayerRequest,
                dev.agora.v1.BlockPlayerResponse>(
                  this, METHODID_BLOCK_PLAYER)))
          .addMethod(
            getUnblockPlayerMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.UnblockPlayerRequest,
                dev.agora.v1.UnblockPlayerResponse>(
                  this, METHODID_UNBLOCK_PLAYER)))
          .addMethod(
            getListBlockedPlayersMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.ListBlockedPlayersRequest,
                dev.agora.v1.ListBlockedPlayersResponse>(
                  this, METHODID_LIST_BLOCKED_PLAYERS)))
          .addMethod(
            getReportPlayerMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.ReportPlayerRequest,
                dev.agora.v1.ReportPlayerResponse>(
                  this, METHODID_REPORT_PLAYER)))
          .addMethod(
            getStartQuickMatchMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.StartQuickMatchRequest,
                dev.agora.v1.StartQuickMatchResponse>(
                  this, METHODID_START_QUICK_MATCH)))
          .addMethod(
            getGetMatchTicketMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.GetMatchTicketRequest,
                dev.agora.v1.GetMatchTicketResponse>(
                  this, METHODID_GET_MATCH_TICKET)))
          .addMethod(
            getCancelQuickMatchMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.CancelQuickMatchRequest,
                dev.agora.v1.CancelQuickMatchResponse>(
                  this, METHODID_CANCEL_QUICK_MATCH)))
          .addMethod(
            getWatchMatchTicketMethod(),
            io.grpc.stub.ServerCalls.asyncServerStreamingCall(
              new MethodHandlers<
                dev.agora.v1.WatchMatchTicketRequest,
                dev.agora.v1.WatchMatchTicketResponse>(
                  this, METHODID_WATCH_MATCH_TICKET)))
          .addMethod(
            getGetRatingMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.GetRatingRequest,
                dev.agora.v1.GetRatingResponse>(
                  this, METHODID_GET_RATING)))
          .addMethod(
            getGetLeaderboardMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.GetLeaderboardRequest,
                dev.agora.v1.GetLeaderboardResponse>(
                  this, METHODID_GET_LEADERBOARD)))
          .addMethod(
            getGetLeaderboardAroundMeMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.agora.v1.GetLeaderboardAroundMeRequest,
                dev.agora.v1.GetLeaderboardAroundMeResponse>(
                  this, METHODID_GET_LEADERBOARD_AROUND_ME)))
          .build();
    }
  }

  /**
   * <pre>
   * Hosts turn-based board games. Sessions are addressed by `session_id`.
   * Versioning: within `agora.v1` changes are additive only (new RPCs, messages, fields
   * with new numbers, enum values); numbers and names are never reused, and unset new
   * fields mean the old behaviour. CI refuses a breaking change against the last released
   * proto (proto/compat/README.md); what cannot be additive goes into `agora.v2`.
   * Authentication: JoinSession returns a secret seat token; send it on later calls as
   * `authorization: Bearer &lt;token&gt;` metadata. Calls without a token act as a spectator
   * (GetState, StreamEvents) or are refused with UNAUTHENTICATED (ListLegalActions,
   * SubmitAction, LeaveSession). A token of another session or seat is refused with
   * PERMISSION_DENIED (LeaveSession: see there).
   * Errors. Every refusal is one of these codes with a sentence; a refused call changes
   * nothing. "Retry" means: send the same request again (same request_id) after an
   * exponential backoff with jitter.
   * | code                | when                                                    | retry |
   * |---------------------|---------------------------------------------------------|-------|
   * | INVALID_ARGUMENT    | a field is missing, malformed or out of range (a        | no    |
   * |                     | google.rpc.BadRequest detail names the field path);     |       |
   * |                     | a body that is not a valid protobuf message of the      |       |
   * |                     | request type; an action not written exactly as          |       |
   * |                     | ListLegalActions lists it (the hex "I8", not "i8" or    |       |
   * |                     | "I08"; the Archon only with index 0); a seat the        |       |
   * |                     | session does not have; a request_id reused with a       |       |
   * |                     | different request                                       |       |
   * | ALREADY_EXISTS      | a CreateSession or JoinSession request_id that another  | no    |
   * |                     | caller used first (send a fresh random id)              |       |
   * | NOT_FOUND           | no such session (never created, or expired); a followed | no    |
   * |                     | session that expired or was lost ends its stream so     |       |
   * | FAILED_PRECONDITION | not possible now: an illegal move, or WAITING_FOR_      | no    |
   * |                     | PLAYERS, SEAT_TAKEN, SESSION_FULL, GAME_STARTED (a      |       |
   * |                     | LeaveSession once every seat is taken), GAME_OVER,      |       |
   * |                     | RESIGNED, BOT_SEAT (a server bot plays it),             |       |
   * |                     | ALREADY_A_BOT; the reason is in a google.rpc.ErrorInfo  |       |
   * |                     | detail (domain "agora.dev"), a game's rule codes are    |       |
   * |                     | listed in its catalog entry                             |       |
   * | ABORTED             | SubmitAction's expected_version is stale (reload and    | no    |
   * |                     | decide again); a stream fell behind (resume from the    |       |
   * |                     | version named)                                          |       |
   * | OUT_OF_RANGE        | StreamEvents after a version the session has not        | no    |
   * |                     | reached (ask from one it has)                           |       |
   * | UNAUTHENTICATED     | no seat token where one is needed, or an authorization  | no    |
   * |                     | header that is not `Bearer &lt;token&gt;`                     |       |
   * | PERMISSION_DENIED   | a token that is not a seat of this session (except on   | no    |
   * |                     | LeaveSession, which answers OK: it holds no seat); a    |       |
   * |                     | seat's stream opened before the game started ends so at |       |
   * |                     | the first version if that seat was given back           |       |
   * | RESOURCE_EXHAUSTED  | a limit: concurrent requests, streams per connection,   | yes   |
   * |                     | per client address or per player, sessions              | (size:|
   * |                     | (CreateSession); or a message or metadata over the size | no)   |
   * |                     | limit, refused however often it is sent                 |       |
   * | DEADLINE_EXCEEDED   | the call did not complete within the server's request   | yes   |
   * |                     | timeout or the caller's deadline                        |       |
   * | UNAVAILABLE         | the session store cannot be reached; the server is      | yes   |
   * |                     | shutting down; a stream ended (resume from the version  |       |
   * |                     | named); or the connection to a replica broke            |       |
   * | INTERNAL            | stored session data cannot be read (a server fault)     | no    |
   * | UNIMPLEMENTED       | a method this server does not have                      | no    |
   * Retries (AIP-155): CreateSession, JoinSession, SubmitAction, ResignSession,
   * HandSeatToBot, UndoAction and ImportSession take a client-chosen `request_id` (a random
   * UUID); a call sent again with the same id and the same request,
   * on any replica, answers what the first call did and does nothing twice. LeaveSession
   * needs no id: it is idempotent (a retry finds the seat already free and answers OK);
   * nor does RematchSession (a finished session has one rematch, whoever asks).
   * Send a request_id with every mutating call that takes one, and let the client retry
   * UNAVAILABLE, RESOURCE_EXHAUSTED and DEADLINE_EXCEEDED with it (the clients' default
   * gRPC service config does so for the first two). Reads need no id. StreamEvents is resumed rather
   * than retried: open it again with `after_version` set to the last version received.
   * </pre>
   */
  public static final class GameServiceStub extends io.grpc.stub.AbstractAsyncStub<GameServiceStub> {
    private GameServiceStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected GameServiceStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new GameServiceStub(channel, callOptions);
    }

    /**
     * <pre>
     * The catalog: every hosted game with its player counts and options.
     * </pre>
     */
    public void listGames(dev.agora.v1.ListGamesRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.ListGamesResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getListGamesMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Creates a session with every seat open. The game is set up at once (seeded).
     * </pre>
     */
    public void createSession(dev.agora.v1.CreateSessionRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.CreateSessionResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getCreateSessionMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * The public description of one session.
     * </pre>
     */
    public void getSession(dev.agora.v1.GetSessionRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.GetSessionResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getGetSessionMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * The lobby: sessions, by default only those with open seats.
     * </pre>
     */
    public void listSessions(dev.agora.v1.ListSessionsRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.ListSessionsResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getListSessionsMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Takes a seat and returns its secret token. Play starts when every seat is taken.
     * With a player token (authorization: Bearer &lt;JWT&gt;, see docs/identity.md) the seat is
     * bound to the player, who then acts for it with that token alone; the player's name
     * comes from its token when `player_name` is empty. A private session refuses anyone it
     * did not invite with PERMISSION_DENIED; with --max-open-sessions-per-player, a player
     * already seated in that many unfinished sessions gets RESOURCE_EXHAUSTED.
     * </pre>
     */
    public void joinSession(dev.agora.v1.JoinSessionRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.JoinSessionResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getJoinSessionMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Gives the caller's seat back before the game starts, so someone else can take it.
     * Needs the seat token, or the player token of the player the seat belongs to
     * (UNAUTHENTICATED without one). While some seat is still open
     * (SESSION_STATUS_WAITING_FOR_PLAYERS) the seat is opened again: its name and token are
     * forgotten, the session is listed in the lobby as open, and a JoinSession retried with
     * the request_id that took this seat takes a fresh seat with a fresh token. The token
     * no longer works on this session. Once every seat is taken the game has started and
     * leaving is refused with FAILED_PRECONDITION (reason GAME_STARTED): use ResignSession
     * instead. Idempotent: a token that holds no seat of the session (it already left, or
     * it belongs to another session) is answered OK and nothing changes, so a retry after
     * a lost answer is safe and needs no request_id.
     * </pre>
     */
    public void leaveSession(dev.agora.v1.LeaveSessionRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.LeaveSessionResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getLeaveSessionMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * The caller's view of the game: its own secrets, nobody else's.
     * </pre>
     */
    public void getState(dev.agora.v1.GetStateRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.GetStateResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getGetStateMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Every action the caller's seat may take now (empty when it has nothing to decide).
     * </pre>
     */
    public void listLegalActions(dev.agora.v1.ListLegalActionsRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.ListLegalActionsResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getListLegalActionsMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Plays one decision for the caller's seat.
     * </pre>
     */
    public void submitAction(dev.agora.v1.SubmitActionRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.SubmitActionResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getSubmitActionMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Every committed version after `after_version`, then live ones as they commit.
     * Resume after a disconnect with the last version received: no gap, no duplicate.
     * A version that changed who plays a seat (a resignation, a seat handed to a bot) has
     * `seat_change` set and no events.
     * Ends with ABORTED (fell behind) or UNAVAILABLE (shutdown) naming the version to
     * resume from, or NOT_FOUND when the session expired or was lost while followed, or
     * PERMISSION_DENIED when it was opened with a seat token before the game started and
     * that seat was given back (LeaveSession) before the first version.
     * </pre>
     */
    public void streamEvents(dev.agora.v1.StreamEventsRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.StreamEventsResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncServerStreamingCall(
          getChannel().newCall(getStreamEventsMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * The caller's seat gives up the game in progress (a committed version, like a move).
     * With one opponent the game ends: the seat ranks last, the other first. With more
     * players a server bot (BOT_KIND_RANDOM) plays the seat out, so the others finish
     * their game, and the seat ranks last in the final standings. Refused with
     * FAILED_PRECONDITION (reason GAME_OVER, RESIGNED, WAITING_FOR_PLAYERS) when there is
     * nothing to resign. Safe to retry with `request_id`.
     * </pre>
     */
    public void resignSession(dev.agora.v1.ResignSessionRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.ResignSessionResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getResignSessionMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * A server bot plays the caller's seat from the next version on (the player stays
     * seated and can watch; its ListLegalActions is empty and its SubmitAction refused with
     * BOT_SEAT). Safe to retry with `request_id`.
     * </pre>
     */
    public void handSeatToBot(dev.agora.v1.HandSeatToBotRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.HandSeatToBotResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getHandSeatToBotMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Takes back the caller's latest decision while its turn goes on (Board Game Arena's
     * rule): allowed only when no other seat has decided since, the caller is still to act,
     * and the decision neither drew at random (a card, a tile, a die) nor revealed or moved
     * hidden information; else FAILED_PRECONDITION with reason UNDO_NOT_ALLOWED and a
     * sentence saying which. Repeated undos go further back within the turn. The log stays
     * append-only: the undo is a new version (`seat_change.undo`) whose game is the one from
     * before the decision; read the state again. Safe to retry with `request_id`.
     * </pre>
     */
    public void undoAction(dev.agora.v1.UndoActionRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.UndoActionResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getUndoActionMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * From a finished session, by one of its players: a new session of the same game,
     * options and time control, with the same players and bots, each one seat further on
     * (seat i plays seat i+1), every seat taken, so it starts at once. Each player's seat
     * token of the finished session is its token in the new one too. Asked twice (by every
     * player, at once or later), it answers the one rematch; the finished session names it
     * in `Session.rematch_session_id`, and its streams are told
     * (`StreamEventsResponse.rematch_session_id`). FAILED_PRECONDITION (reason
     * GAME_IN_PROGRESS) before the end.
     * </pre>
     */
    public void rematchSession(dev.agora.v1.RematchSessionRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.RematchSessionResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getRematchSessionMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * A page of the session's committed versions as the caller may see them: exactly what
     * StreamEvents sends for them (same redaction, same `seat_change`), without following
     * the session live. A seat token sees its seat's secrets; no token is a spectator.
     * OUT_OF_RANGE when after_version is ahead of the session's version.
     * </pre>
     */
    public void getHistory(dev.agora.v1.GetHistoryRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.GetHistoryResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getGetHistoryMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * The session as a self-contained record (SessionExport). While the game is in play it
     * holds only what the caller may see (no seed, no decisions: the redacted history);
     * once the game is over it holds the seed and every decision, which reproduce the game
     * exactly (ImportSession). FAILED_PRECONDITION (reason EXPORT_UNAVAILABLE) for a
     * finished session whose log was written by a release that did not record decisions.
     * </pre>
     */
    public void exportSession(dev.agora.v1.ExportSessionRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.ExportSessionResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getExportSessionMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Creates a new, read-only session from a finished game's export by replaying its
     * decisions (all of them, or up to stop_at_version): for analysis and replays through
     * GetSession, GetState (as a spectator), GetHistory and StreamEvents. Nobody holds a
     * seat token of it and no server bot plays it, so it never changes. A decision that
     * does not apply is refused with INVALID_ARGUMENT naming `export.versions[i]`, and
     * nothing is stored. Safe to retry with `request_id`.
     * </pre>
     */
    public void importSession(dev.agora.v1.ImportSessionRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.ImportSessionResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getImportSessionMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * The signed-in player's sessions (those it holds a seat in): first those where one of
     * its seats must decide now, then those waiting (for another seat, or for players),
     * then finished ones still kept (--finished-ttl) and, on a server with an archive
     * (--archive-url), every archived one, most recently changed first within each group;
     * paged, with no cap on the archived ones; filtered by game, result and finish dates.
     * Needs a player token (authorization: Bearer &lt;JWT&gt;); UNAUTHENTICATED without one.
     * </pre>
     */
    public void listMySessions(dev.agora.v1.ListMySessionsRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.ListMySessionsResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getListMySessionsMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * The signed-in player's statistics per game over its archived games (played, won,
     * lost, drawn, unfinished, average and best score, last played), most recently played
     * game first. Needs a player token (UNAUTHENTICATED without one) and an archive
     * (FAILED_PRECONDITION, reason ARCHIVE_OFF, on a server without --archive-url). Counts
     * games once the archive holds them (seconds after they finish).
     * </pre>
     */
    public void getMyStatistics(dev.agora.v1.GetMyStatisticsRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.GetMyStatisticsResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getGetMyStatisticsMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Finished games from the archive, newest first, of one game id (or every game) that
     * finished between two dates; paged. Anyone may call it, as anyone may read a finished
     * session by id; private sessions (with invited players) are listed only to a
     * signed-in player seated in them. FAILED_PRECONDITION (reason ARCHIVE_OFF) on a
     * server without --archive-url. One game by id: GetSession, ExportSession.
     * </pre>
     */
    public void listFinishedSessions(dev.agora.v1.ListFinishedSessionsRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.ListFinishedSessionsResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getListFinishedSessionsMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Says something at the table: a text (at most 280 characters) or a quick phrase id.
     * Seated players may (seat token or player token); spectators only when the session
     * was created with `spectators_may_chat` (PERMISSION_DENIED otherwise). `request_id`
     * is required: a retry answers the first message. RESOURCE_EXHAUSTED (with RetryInfo)
     * over the per-player rate; FAILED_PRECONDITION (reason CHAT_FULL) past the session's
     * cap, (reason MESSAGE_REJECTED) when the operator's filter refuses it.
     * </pre>
     */
    public void sendChatMessage(dev.agora.v1.SendChatMessageRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.SendChatMessageResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getSendChatMessageMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * The table's messages after a sequence, paged. Who may read: the session's players;
     * spectators only when spectators may chat and the session is not private.
     * </pre>
     */
    public void listChatMessages(dev.agora.v1.ListChatMessagesRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.ListChatMessagesResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getListChatMessagesMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * The table's messages after a sequence, then each new one: gap-free and resumable
     * (a stream that ends says the sequence to resume after). Same readers as
     * ListChatMessages.
     * </pre>
     */
    public void streamChat(dev.agora.v1.StreamChatRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.StreamChatResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncServerStreamingCall(
          getChannel().newCall(getStreamChatMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * The quick phrases and emotes a client may send by id.
     * </pre>
     */
    public void listQuickPhrases(dev.agora.v1.ListQuickPhrasesRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.ListQuickPhrasesResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getListQuickPhrasesMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Hides another player's messages from the signed-in caller (everywhere, until
     * UnmutePlayer). Needs a player token. Safe to repeat.
     * </pre>
     */
    public void mutePlayer(dev.agora.v1.MutePlayerRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.MutePlayerResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getMutePlayerMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     */
    public void unmutePlayer(dev.agora.v1.UnmutePlayerRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.UnmutePlayerResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getUnmutePlayerMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * The signed-in caller never sits at a table with this player again (JoinSession
     * refuses either of them with FAILED_PRECONDITION, reason PLAYER_BLOCKED, without
     * saying who blocked whom), and the player's messages are hidden from the caller.
     * Needs a player token. Safe to repeat.
     * </pre>
     */
    public void blockPlayer(dev.agora.v1.BlockPlayerRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.BlockPlayerResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getBlockPlayerMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     */
    public void unblockPlayer(dev.agora.v1.UnblockPlayerRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.UnblockPlayerResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getUnblockPlayerMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * The players the signed-in caller blocked and muted.
     * </pre>
     */
    public void listBlockedPlayers(dev.agora.v1.ListBlockedPlayersRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.ListBlockedPlayersResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getListBlockedPlayersMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Reports a player (and optionally one of its messages) to the operators, with the
     * session and the message as they were. Needs a player token and a request id.
     * </pre>
     */
    public void reportPlayer(dev.agora.v1.ReportPlayerRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.ReportPlayerResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getReportPlayerMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Quick match: puts the signed-in player in a pool (game id, player count, rated or
     * casual) with exact options or any options of the pool, and answers a ticket. The
     * server matches close ratings first and widens the window with waiting time, then
     * creates the session with every matched player seated (docs/api.md, "Quick match,
     * challenges and invite codes"). One open ticket per player per pool: a second call
     * answers the open ticket (ALREADY_EXISTS when its options differ). UNAUTHENTICATED
     * without a player token; RESOURCE_EXHAUSTED (with RetryInfo) over the ticket rate.
     * </pre>
     */
    public void startQuickMatch(dev.agora.v1.StartQuickMatchRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.StartQuickMatchResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getStartQuickMatchMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * The caller's ticket as it stands (a poll): WAITING, MATCHED (with the session and
     * seat), EXPIRED or CANCELLED. NOT_FOUND for a ticket that is not the caller's.
     * </pre>
     */
    public void getMatchTicket(dev.agora.v1.GetMatchTicketRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.GetMatchTicketResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getGetMatchTicketMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Takes the caller's waiting ticket out of its pool; a ticket that has ended is
     * answered as it stands (idempotent).
     * </pre>
     */
    public void cancelQuickMatch(dev.agora.v1.CancelQuickMatchRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.CancelQuickMatchResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getCancelQuickMatchMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * The caller's ticket now and at every change, with heartbeats while it waits; ends
     * after the ticket is matched, expired or cancelled.
     * </pre>
     */
    public void watchMatchTicket(dev.agora.v1.WatchMatchTicketRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.WatchMatchTicketResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncServerStreamingCall(
          getChannel().newCall(getWatchMatchTicketMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * A player's Glicko-2 rating in one pool, or in every pool of a game (`player_id` empty:
     * the signed-in caller's). A player never rated gets a new player's 1500 / 350 / 0.06;
     * deviation grows with days without a rated game. NOT_FOUND: no such pool or game;
     * INVALID_ARGUMENT: neither or both of `pool_id` and `game_id`; UNAUTHENTICATED: no
     * `player_id` and no player token.
     * </pre>
     */
    public void getRating(dev.agora.v1.GetRatingRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.GetRatingResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getGetRatingMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * A pool's leaderboard, best first, paged; established players (deviation at most 110)
     * and provisional players are two lists (`provisional`). NOT_FOUND: no such pool;
     * INVALID_ARGUMENT: a page_token this call did not return.
     * </pre>
     */
    public void getLeaderboard(dev.agora.v1.GetLeaderboardRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.GetLeaderboardResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getGetLeaderboardMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * The signed-in caller's rank in a pool and the `count` players above and below.
     * UNAUTHENTICATED without a player token; NOT_FOUND: no such pool.
     * </pre>
     */
    public void getLeaderboardAroundMe(dev.agora.v1.GetLeaderboardAroundMeRequest request,
        io.grpc.stub.StreamObserver<dev.agora.v1.GetLeaderboardAroundMeResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getGetLeaderboardAroundMeMethod(), getCallOptions()), request, responseObserver);
    }
  }

  /**
   * <pre>
   * Hosts turn-based board games. Sessions are addressed by `session_id`.
   * Versioning: within `agora.v1` changes are additive only (new RPCs, messages, fields
   * with new numbers, enum values); numbers and names are never reused, and unset new
   * fields mean the old behaviour. CI refuses a breaking change against the last released
   * proto (proto/compat/README.md); what cannot be additive goes into `agora.v2`.
   * Authentication: JoinSession returns a secret seat token; send it on later calls as
   * `authorization: Bearer &lt;token&gt;` metadata. Calls without a token act as a spectator
   * (GetState, StreamEvents) or are refused with UNAUTHENTICATED (ListLegalActions,
   * SubmitAction, LeaveSession). A token of another session or seat is refused with
   * PERMISSION_DENIED (LeaveSession: see there).
   * Errors. Every refusal is one of these codes with a sentence; a refused call changes
   * nothing. "Retry" means: send the same request again (same request_id) after an
   * exponential backoff with jitter.
   * | code                | when                                                    | retry |
   * |---------------------|---------------------------------------------------------|-------|
   * | INVALID_ARGUMENT    | a field is missing, malformed or out of range (a        | no    |
   * |                     | google.rpc.BadRequest detail names the field path);     |       |
   * |                     | a body that is not a valid protobuf message of the      |       |
   * |                     | request type; an action not written exactly as          |       |
   * |                     | ListLegalActions lists it (the hex "I8", not "i8" or    |       |
   * |                     | "I08"; the Archon only with index 0); a seat the        |       |
   * |                     | session does not have; a request_id reused with a       |       |
   * |                     | different request                                       |       |
   * | ALREADY_EXISTS      | a CreateSession or JoinSession request_id that another  | no    |
   * |                     | caller used first (send a fresh random id)              |       |
   * | NOT_FOUND           | no such session (never created, or expired); a followed | no    |
   * |                     | session that expired or was lost ends its stream so     |       |
   * | FAILED_PRECONDITION | not possible now: an illegal move, or WAITING_FOR_      | no    |
   * |                     | PLAYERS, SEAT_TAKEN, SESSION_FULL, GAME_STARTED (a      |       |
   * |                     | LeaveSession once every seat is taken), GAME_OVER,      |       |
   * |                     | RESIGNED, BOT_SEAT (a server bot plays it),             |       |
   * |                     | ALREADY_A_BOT; the reason is in a google.rpc.ErrorInfo  |       |
   * |                     | detail (domain "agora.dev"), a game's rule codes are    |       |
   * |                     | listed in its catalog entry                             |       |
   * | ABORTED             | SubmitAction's expected_version is stale (reload and    | no    |
   * |                     | decide again); a stream fell behind (resume from the    |       |
   * |                     | version named)                                          |       |
   * | OUT_OF_RANGE        | StreamEvents after a version the session has not        | no    |
   * |                     | reached (ask from one it has)                           |       |
   * | UNAUTHENTICATED     | no seat token where one is needed, or an authorization  | no    |
   * |                     | header that is not `Bearer &lt;token&gt;`                     |       |
   * | PERMISSION_DENIED   | a token that is not a seat of this session (except on   | no    |
   * |                     | LeaveSession, which answers OK: it holds no seat); a    |       |
   * |                     | seat's stream opened before the game started ends so at |       |
   * |                     | the first version if that seat was given back           |       |
   * | RESOURCE_EXHAUSTED  | a limit: concurrent requests, streams per connection,   | yes   |
   * |                     | per client address or per player, sessions              | (size:|
   * |                     | (CreateSession); or a message or metadata over the size | no)   |
   * |                     | limit, refused however often it is sent                 |       |
   * | DEADLINE_EXCEEDED   | the call did not complete within the server's request   | yes   |
   * |                     | timeout or the caller's deadline                        |       |
   * | UNAVAILABLE         | the session store cannot be reached; the server is      | yes   |
   * |                     | shutting down; a stream ended (resume from the version  |       |
   * |                     | named); or the connection to a replica broke            |       |
   * | INTERNAL            | stored session data cannot be read (a server fault)     | no    |
   * | UNIMPLEMENTED       | a method this server does not have                      | no    |
   * Retries (AIP-155): CreateSession, JoinSession, SubmitAction, ResignSession,
   * HandSeatToBot, UndoAction and ImportSession take a client-chosen `request_id` (a random
   * UUID); a call sent again with the same id and the same request,
   * on any replica, answers what the first call did and does nothing twice. LeaveSession
   * needs no id: it is idempotent (a retry finds the seat already free and answers OK);
   * nor does RematchSession (a finished session has one rematch, whoever asks).
   * Send a request_id with every mutating call that takes one, and let the client retry
   * UNAVAILABLE, RESOURCE_EXHAUSTED and DEADLINE_EXCEEDED with it (the clients' default
   * gRPC service config does so for the first two). Reads need no id. StreamEvents is resumed rather
   * than retried: open it again with `after_version` set to the last version received.
   * </pre>
   */
  public static final class GameServiceBlockingStub extends io.grpc.stub.AbstractBlockingStub<GameServiceBlockingStub> {
    private GameServiceBlockingStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected GameServiceBlockingStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new GameServiceBlockingStub(channel, callOptions);
    }

    /**
     * <pre>
     * The catalog: every hosted game with its player counts and options.
     * </pre>
     */
    public dev.agora.v1.ListGamesResponse listGames(dev.agora.v1.ListGamesRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getListGamesMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Creates a session with every seat open. The game is set up at once (seeded).
     * </pre>
     */
    public dev.agora.v1.CreateSessionResponse createSession(dev.agora.v1.CreateSessionRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getCreateSessionMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * The public description of one session.
     * </pre>
     */
    public dev.agora.v1.GetSessionResponse getSession(dev.agora.v1.GetSessionRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getGetSessionMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * The lobby: sessions, by default only those with open seats.
     * </pre>
     */
    public dev.agora.v1.ListSessionsResponse listSessions(dev.agora.v1.ListSessionsRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getListSessionsMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Takes a seat and returns its secret token. Play starts when every seat is taken.
     * With a player token (authorization: Bearer &lt;JWT&gt;, see docs/identity.md) the seat is
     * bound to the player, who then acts for it with that token alone; the player's name
     * comes from its token when `player_name` is empty. A private session refuses anyone it
     * did not invite with PERMISSION_DENIED; with --max-open-sessions-per-player, a player
     * already seated in that many unfinished sessions gets RESOURCE_EXHAUSTED.
     * </pre>
     */
    public dev.agora.v1.JoinSessionResponse joinSession(dev.agora.v1.JoinSessionRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getJoinSessionMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Gives the caller's seat back before the game starts, so someone else can take it.
     * Needs the seat token, or the player token of the player the seat belongs to
     * (UNAUTHENTICATED without one). While some seat is still open
     * (SESSION_STATUS_WAITING_FOR_PLAYERS) the seat is opened again: its name and token are
     * forgotten, the session is listed in the lobby as open, and a JoinSession retried with
     * the request_id that took this seat takes a fresh seat with a fresh token. The token
     * no longer works on this session. Once every seat is taken the game has started and
     * leaving is refused with FAILED_PRECONDITION (reason GAME_STARTED): use ResignSession
     * instead. Idempotent: a token that holds no seat of the session (it already left, or
     * it belongs to another session) is answered OK and nothing changes, so a retry after
     * a lost answer is safe and needs no request_id.
     * </pre>
     */
    public dev.agora.v1.LeaveSessionResponse leaveSession(dev.agora.v1.LeaveSessionRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getLeaveSessionMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * The caller's view of the game: its own secrets, nobody else's.
     * </pre>
     */
    public dev.agora.v1.GetStateResponse getState(dev.agora.v1.GetStateRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getGetStateMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Every action the caller's seat may take now (empty when it has nothing to decide).
     * </pre>
     */
    public dev.agora.v1.ListLegalActionsResponse listLegalActions(dev.agora.v1.ListLegalActionsRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getListLegalActionsMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Plays one decision for the caller's seat.
     * </pre>
     */
    public dev.agora.v1.SubmitActionResponse submitAction(dev.agora.v1.SubmitActionRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getSubmitActionMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Every committed version after `after_version`, then live ones as they commit.
     * Resume after a disconnect with the last version received: no gap, no duplicate.
     * A version that changed who plays a seat (a resignation, a seat handed to a bot) has
     * `seat_change` set and no events.
     * Ends with ABORTED (fell behind) or UNAVAILABLE (shutdown) naming the version to
     * resume from, or NOT_FOUND when the session expired or was lost while followed, or
     * PERMISSION_DENIED when it was opened with a seat token before the game started and
     * that seat was given back (LeaveSession) before the first version.
     * </pre>
     */
    public java.util.Iterator<dev.agora.v1.StreamEventsResponse> streamEvents(
        dev.agora.v1.StreamEventsRequest request) {
      return io.grpc.stub.ClientCalls.blockingServerStreamingCall(
          getChannel(), getStreamEventsMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * The caller's seat gives up the game in progress (a committed version, like a move).
     * With one opponent the game ends: the seat ranks last, the other first. With more
     * players a server bot (BOT_KIND_RANDOM) plays the seat out, so the others finish
     * their game, and the seat ranks last in the final standings. Refused with
     * FAILED_PRECONDITION (reason GAME_OVER, RESIGNED, WAITING_FOR_PLAYERS) when there is
     * nothing to resign. Safe to retry with `request_id`.
     * </pre>
     */
    public dev.agora.v1.ResignSessionResponse resignSession(dev.agora.v1.ResignSessionRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getResignSessionMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * A server bot plays the caller's seat from the next version on (the player stays
     * seated and can watch; its ListLegalActions is empty and its SubmitAction refused with
     * BOT_SEAT). Safe to retry with `request_id`.
     * </pre>
     */
    public dev.agora.v1.HandSeatToBotResponse handSeatToBot(dev.agora.v1.HandSeatToBotRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getHandSeatToBotMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Takes back the caller's latest decision while its turn goes on (Board Game Arena's
     * rule): allowed only when no other seat has decided since, the caller is still to act,
     * and the decision neither drew at random (a card, a tile, a die) nor revealed or moved
     * hidden information; else FAILED_PRECONDITION with reason UNDO_NOT_ALLOWED and a
     * sentence saying which. Repeated undos go further back within the turn. The log stays
     * append-only: the undo is a new version (`seat_change.undo`) whose game is the one from
     * before the decision; read the state again. Safe to retry with `request_id`.
     * </pre>
     */
    public dev.agora.v1.UndoActionResponse undoAction(dev.agora.v1.UndoActionRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getUndoActionMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * From a finished session, by one of its players: a new session of the same game,
     * options and time control, with the same players and bots, each one seat further on
     * (seat i plays seat i+1), every seat taken, so it starts at once. Each player's seat
     * token of the finished session is its token in the new one too. Asked twice (by every
     * player, at once or later), it answers the one rematch; the finished session names it
     * in `Session.rematch_session_id`, and its streams are told
     * (`StreamEventsResponse.rematch_session_id`). FAILED_PRECONDITION (reason
     * GAME_IN_PROGRESS) before the end.
     * </pre>
     */
    public dev.agora.v1.RematchSessionResponse rematchSession(dev.agora.v1.RematchSessionRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getRematchSessionMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * A page of the session's committed versions as the caller may see them: exactly what
     * StreamEvents sends for them (same redaction, same `seat_change`), without following
     * the session live. A seat token sees its seat's secrets; no token is a spectator.
     * OUT_OF_RANGE when after_version is ahead of the session's version.
     * </pre>
     */
    public dev.agora.v1.GetHistoryResponse getHistory(dev.agora.v1.GetHistoryRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getGetHistoryMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * The session as a self-contained record (SessionExport). While the game is in play it
     * holds only what the caller may see (no seed, no decisions: the redacted history);
     * once the game is over it holds the seed and every decision, which reproduce the game
     * exactly (ImportSession). FAILED_PRECONDITION (reason EXPORT_UNAVAILABLE) for a
     * finished session whose log was written by a release that did not record decisions.
     * </pre>
     */
    public dev.agora.v1.ExportSessionResponse exportSession(dev.agora.v1.ExportSessionRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getExportSessionMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Creates a new, read-only session from a finished game's export by replaying its
     * decisions (all of them, or up to stop_at_version): for analysis and replays through
     * GetSession, GetState (as a spectator), GetHistory and StreamEvents. Nobody holds a
     * seat token of it and no server bot plays it, so it never changes. A decision that
     * does not apply is refused with INVALID_ARGUMENT naming `export.versions[i]`, and
     * nothing is stored. Safe to retry with `request_id`.
     * </pre>
     */
    public dev.agora.v1.ImportSessionResponse importSession(dev.agora.v1.ImportSessionRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getImportSessionMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * The signed-in player's sessions (those it holds a seat in): first those where one of
     * its seats must decide now, then those waiting (for another seat, or for players),
     * then finished ones still kept (--finished-ttl) and, on a server with an archive
     * (--archive-url), every archived one, most recently changed first within each group;
     * paged, with no cap on the archived ones; filtered by game, result and finish dates.
     * Needs a player token (authorization: Bearer &lt;JWT&gt;); UNAUTHENTICATED without one.
     * </pre>
     */
    public dev.agora.v1.ListMySessionsResponse listMySessions(dev.agora.v1.ListMySessionsRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getListMySessionsMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * The signed-in player's statistics per game over its archived games (played, won,
     * lost, drawn, unfinished, average and best score, last played), most recently played
     * game first. Needs a player token (UNAUTHENTICATED without one) and an archive
     * (FAILED_PRECONDITION, reason ARCHIVE_OFF, on a server without --archive-url). Counts
     * games once the archive holds them (seconds after they finish).
     * </pre>
     */
    public dev.agora.v1.GetMyStatisticsResponse getMyStatistics(dev.agora.v1.GetMyStatisticsRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getGetMyStatisticsMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Finished games from the archive, newest first, of one game id (or every game) that
     * finished between two dates; paged. Anyone may call it, as anyone may read a finished
     * session by id; private sessions (with invited players) are listed only to a
     * signed-in player seated in them. FAILED_PRECONDITION (reason ARCHIVE_OFF) on a
     * server without --archive-url. One game by id: GetSession, ExportSession.
     * </pre>
     */
    public dev.agora.v1.ListFinishedSessionsResponse listFinishedSessions(dev.agora.v1.ListFinishedSessionsRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getListFinishedSessionsMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Says something at the table: a text (at most 280 characters) or a quick phrase id.
     * Seated players may (seat token or player token); spectators only when the session
     * was created with `spectators_may_chat` (PERMISSION_DENIED otherwise). `request_id`
     * is required: a retry answers the first message. RESOURCE_EXHAUSTED (with RetryInfo)
     * over the per-player rate; FAILED_PRECONDITION (reason CHAT_FULL) past the session's
     * cap, (reason MESSAGE_REJECTED) when the operator's filter refuses it.
     * </pre>
     */
    public dev.agora.v1.SendChatMessageResponse sendChatMessage(dev.agora.v1.SendChatMessageRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getSendChatMessageMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * The table's messages after a sequence, paged. Who may read: the session's players;
     * spectators only when spectators may chat and the session is not private.
     * </pre>
     */
    public dev.agora.v1.ListChatMessagesResponse listChatMessages(dev.agora.v1.ListChatMessagesRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getListChatMessagesMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * The table's messages after a sequence, then each new one: gap-free and resumable
     * (a stream that ends says the sequence to resume after). Same readers as
     * ListChatMessages.
     * </pre>
     */
    public java.util.Iterator<dev.agora.v1.StreamChatResponse> streamChat(
        dev.agora.v1.StreamChatRequest request) {
      return io.grpc.stub.ClientCalls.blockingServerStreamingCall(
          getChannel(), getStreamChatMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * The quick phrases and emotes a client may send by id.
     * </pre>
     */
    public dev.agora.v1.ListQuickPhrasesResponse listQuickPhrases(dev.agora.v1.ListQuickPhrasesRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getListQuickPhrasesMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Hides another player's messages from the signed-in caller (everywhere, until
     * UnmutePlayer). Needs a player token. Safe to repeat.
     * </pre>
     */
    public dev.agora.v1.MutePlayerResponse mutePlayer(dev.agora.v1.MutePlayerRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getMutePlayerMethod(), getCallOptions(), request);
    }

    /**
     */
    public dev.agora.v1.UnmutePlayerResponse unmutePlayer(dev.agora.v1.UnmutePlayerRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getUnmutePlayerMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * The signed-in caller never sits at a table with this player again (JoinSession
     * refuses either of them with FAILED_PRECONDITION, reason PLAYER_BLOCKED, without
     * saying who blocked whom), and the player's messages are hidden from the caller.
     * Needs a player token. Safe to repeat.
     * </pre>
     */
    public dev.agora.v1.BlockPlayerResponse blockPlayer(dev.agora.v1.BlockPlayerRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getBlockPlayerMethod(), getCallOptions(), request);
    }

    /**
     */
    public dev.agora.v1.UnblockPlayerResponse unblockPlayer(dev.agora.v1.UnblockPlayerRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getUnblockPlayerMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * The players the signed-in caller blocked and muted.
     * </pre>
     */
    public dev.agora.v1.ListBlockedPlayersResponse listBlockedPlayers(dev.agora.v1.ListBlockedPlayersRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getListBlockedPlayersMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Reports a player (and optionally one of its messages) to the operators, with the
     * session and the message as they were. Needs a player token and a request id.
     * </pre>
     */
    public dev.agora.v1.ReportPlayerResponse reportPlayer(dev.agora.v1.ReportPlayerRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getReportPlayerMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Quick match: puts the signed-in player in a pool (game id, player count, rated or
     * casual) with exact options or any options of the pool, and answers a ticket. The
     * server matches close ratings first and widens the window with waiting time, then
     * creates the session with every matched player seated (docs/api.md, "Quick match,
     * challenges and invite codes"). One open ticket per player per pool: a second call
     * answers the open ticket (ALREADY_EXISTS when its options differ). UNAUTHENTICATED
     * without a player token; RESOURCE_EXHAUSTED (with RetryInfo) over the ticket rate.
     * </pre>
     */
    public dev.agora.v1.StartQuickMatchResponse startQuickMatch(dev.agora.v1.StartQuickMatchRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getStartQuickMatchMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * The caller's ticket as it stands (a poll): WAITING, MATCHED (with the session and
     * seat), EXPIRED or CANCELLED. NOT_FOUND for a ticket that is not the caller's.
     * </pre>
     */
    public dev.agora.v1.GetMatchTicketResponse getMatchTicket(dev.agora.v1.GetMatchTicketRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getGetMatchTicketMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Takes the caller's waiting ticket out of its pool; a ticket that has ended is
     * answered as it stands (idempotent).
     * </pre>
     */
    public dev.agora.v1.CancelQuickMatchResponse cancelQuickMatch(dev.agora.v1.CancelQuickMatchRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getCancelQuickMatchMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * The caller's ticket now and at every change, with heartbeats while it waits; ends
     * after the ticket is matched, expired or cancelled.
     * </pre>
     */
    public java.util.Iterator<dev.agora.v1.WatchMatchTicketResponse> watchMatchTicket(
        dev.agora.v1.WatchMatchTicketRequest request) {
      return io.grpc.stub.ClientCalls.blockingServerStreamingCall(
          getChannel(), getWatchMatchTicketMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * A player's Glicko-2 rating in one pool, or in every pool of a game (`player_id` empty:
     * the signed-in caller's). A player never rated gets a new player's 1500 / 350 / 0.06;
     * deviation grows with days without a rated game. NOT_FOUND: no such pool or game;
     * INVALID_ARGUMENT: neither or both of `pool_id` and `game_id`; UNAUTHENTICATED: no
     * `player_id` and no player token.
     * </pre>
     */
    public dev.agora.v1.GetRatingResponse getRating(dev.agora.v1.GetRatingRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getGetRatingMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * A pool's leaderboard, best first, paged; established players (deviation at most 110)
     * and provisional players are two lists (`provisional`). NOT_FOUND: no such pool;
     * INVALID_ARGUMENT: a page_token this call did not return.
     * </pre>
     */
    public dev.agora.v1.GetLeaderboardResponse getLeaderboard(dev.agora.v1.GetLeaderboardRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getGetLeaderboardMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * The signed-in caller's rank in a pool and the `count` players above and below.
     * UNAUTHENTICATED without a player token; NOT_FOUND: no such pool.
     * </pre>
     */
    public dev.agora.v1.GetLeaderboardAroundMeResponse getLeaderboardAroundMe(dev.agora.v1.GetLeaderboardAroundMeRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getGetLeaderboardAroundMeMethod(), getCallOptions(), request);
    }
  }

  /**
   * <pre>
   * Hosts turn-based board games. Sessions are addressed by `session_id`.
   * Versioning: within `agora.v1` changes are additive only (new RPCs, messages, fields
   * with new numbers, enum values); numbers and names are never reused, and unset new
   * fields mean the old behaviour. CI refuses a breaking change against the last released
   * proto (proto/compat/README.md); what cannot be additive goes into `agora.v2`.
   * Authentication: JoinSession returns a secret seat token; send it on later calls as
   * `authorization: Bearer &lt;token&gt;` metadata. Calls without a token act as a spectator
   * (GetState, StreamEvents) or are refused with UNAUTHENTICATED (ListLegalActions,
   * SubmitAction, LeaveSession). A token of another session or seat is refused with
   * PERMISSION_DENIED (LeaveSession: see there).
   * Errors. Every refusal is one of these codes with a sentence; a refused call changes
   * nothing. "Retry" means: send the same request again (same request_id) after an
   * exponential backoff with jitter.
   * | code                | when                                                    | retry |
   * |---------------------|---------------------------------------------------------|-------|
   * | INVALID_ARGUMENT    | a field is missing, malformed or out of range (a        | no    |
   * |                     | google.rpc.BadRequest detail names the field path);     |       |
   * |                     | a body that is not a valid protobuf message of the      |       |
   * |                     | request type; an action not written exactly as          |       |
   * |                     | ListLegalActions lists it (the hex "I8", not "i8" or    |       |
   * |                     | "I08"; the Archon only with index 0); a seat the        |       |
   * |                     | session does not have; a request_id reused with a       |       |
   * |                     | different request                                       |       |
   * | ALREADY_EXISTS      | a CreateSession or JoinSession request_id that another  | no    |
   * |                     | caller used first (send a fresh random id)              |       |
   * | NOT_FOUND           | no such session (never created, or expired); a followed | no    |
   * |                     | session that expired or was lost ends its stream so     |       |
   * | FAILED_PRECONDITION | not possible now: an illegal move, or WAITING_FOR_      | no    |
   * |                     | PLAYERS, SEAT_TAKEN, SESSION_FULL, GAME_STARTED (a      |       |
   * |                     | LeaveSession once every seat is taken), GAME_OVER,      |       |
   * |                     | RESIGNED, BOT_SEAT (a server bot plays it),             |       |
   * |                     | ALREADY_A_BOT; the reason is in a google.rpc.ErrorInfo  |       |
   * |                     | detail (domain "agora.dev"), a game's rule codes are    |       |
   * |                     | listed in its catalog entry                             |       |
   * | ABORTED             | SubmitAction's expected_version is stale (reload and    | no    |
   * |                     | decide again); a stream fell behind (resume from the    |       |
   * |                     | version named)                                          |       |
   * | OUT_OF_RANGE        | StreamEvents after a version the session has not        | no    |
   * |                     | reached (ask from one it has)                           |       |
   * | UNAUTHENTICATED     | no seat token where one is needed, or an authorization  | no    |
   * |                     | header that is not `Bearer &lt;token&gt;`                     |       |
   * | PERMISSION_DENIED   | a token that is not a seat of this session (except on   | no    |
   * |                     | LeaveSession, which answers OK: it holds no seat); a    |       |
   * |                     | seat's stream opened before the game started ends so at |       |
   * |                     | the first version if that seat was given back           |       |
   * | RESOURCE_EXHAUSTED  | a limit: concurrent requests, streams per connection,   | yes   |
   * |                     | per client address or per player, sessions              | (size:|
   * |                     | (CreateSession); or a message or metadata over the size | no)   |
   * |                     | limit, refused however often it is sent                 |       |
   * | DEADLINE_EXCEEDED   | the call did not complete within the server's request   | yes   |
   * |                     | timeout or the caller's deadline                        |       |
   * | UNAVAILABLE         | the session store cannot be reached; the server is      | yes   |
   * |                     | shutting down; a stream ended (resume from the version  |       |
   * |                     | named); or the connection to a replica broke            |       |
   * | INTERNAL            | stored session data cannot be read (a server fault)     | no    |
   * | UNIMPLEMENTED       | a method this server does not have                      | no    |
   * Retries (AIP-155): CreateSession, JoinSession, SubmitAction, ResignSession,
   * HandSeatToBot, UndoAction and ImportSession take a client-chosen `request_id` (a random
   * UUID); a call sent again with the same id and the same request,
   * on any replica, answers what the first call did and does nothing twice. LeaveSession
   * needs no id: it is idempotent (a retry finds the seat already free and answers OK);
   * nor does RematchSession (a finished session has one rematch, whoever asks).
   * Send a request_id with every mutating call that takes one, and let the client retry
   * UNAVAILABLE, RESOURCE_EXHAUSTED and DEADLINE_EXCEEDED with it (the clients' default
   * gRPC service config does so for the first two). Reads need no id. StreamEvents is resumed rather
   * than retried: open it again with `after_version` set to the last version received.
   * </pre>
   */
  public static final class GameServiceFutureStub extends io.grpc.stub.AbstractFutureStub<GameServiceFutureStub> {
    private GameServiceFutureStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected GameServiceFutureStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new GameServiceFutureStub(channel, callOptions);
    }

    /**
     * <pre>
     * The catalog: every hosted game with its player counts and options.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.ListGamesResponse> listGames(
        dev.agora.v1.ListGamesRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getListGamesMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Creates a session with every seat open. The game is set up at once (seeded).
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.CreateSessionResponse> createSession(
        dev.agora.v1.CreateSessionRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getCreateSessionMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * The public description of one session.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.GetSessionResponse> getSession(
        dev.agora.v1.GetSessionRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getGetSessionMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * The lobby: sessions, by default only those with open seats.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.ListSessionsResponse> listSessions(
        dev.agora.v1.ListSessionsRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getListSessionsMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Takes a seat and returns its secret token. Play starts when every seat is taken.
     * With a player token (authorization: Bearer &lt;JWT&gt;, see docs/identity.md) the seat is
     * bound to the player, who then acts for it with that token alone; the player's name
     * comes from its token when `player_name` is empty. A private session refuses anyone it
     * did not invite with PERMISSION_DENIED; with --max-open-sessions-per-player, a player
     * already seated in that many unfinished sessions gets RESOURCE_EXHAUSTED.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.JoinSessionResponse> joinSession(
        dev.agora.v1.JoinSessionRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getJoinSessionMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Gives the caller's seat back before the game starts, so someone else can take it.
     * Needs the seat token, or the player token of the player the seat belongs to
     * (UNAUTHENTICATED without one). While some seat is still open
     * (SESSION_STATUS_WAITING_FOR_PLAYERS) the seat is opened again: its name and token are
     * forgotten, the session is listed in the lobby as open, and a JoinSession retried with
     * the request_id that took this seat takes a fresh seat with a fresh token. The token
     * no longer works on this session. Once every seat is taken the game has started and
     * leaving is refused with FAILED_PRECONDITION (reason GAME_STARTED): use ResignSession
     * instead. Idempotent: a token that holds no seat of the session (it already left, or
     * it belongs to another session) is answered OK and nothing changes, so a retry after
     * a lost answer is safe and needs no request_id.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.LeaveSessionResponse> leaveSession(
        dev.agora.v1.LeaveSessionRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getLeaveSessionMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * The caller's view of the game: its own secrets, nobody else's.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.GetStateResponse> getState(
        dev.agora.v1.GetStateRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getGetStateMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Every action the caller's seat may take now (empty when it has nothing to decide).
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.ListLegalActionsResponse> listLegalActions(
        dev.agora.v1.ListLegalActionsRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getListLegalActionsMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Plays one decision for the caller's seat.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.SubmitActionResponse> submitAction(
        dev.agora.v1.SubmitActionRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getSubmitActionMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * The caller's seat gives up the game in progress (a committed version, like a move).
     * With one opponent the game ends: the seat ranks last, the other first. With more
     * players a server bot (BOT_KIND_RANDOM) plays the seat out, so the others finish
     * their game, and the seat ranks last in the final standings. Refused with
     * FAILED_PRECONDITION (reason GAME_OVER, RESIGNED, WAITING_FOR_PLAYERS) when there is
     * nothing to resign. Safe to retry with `request_id`.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.ResignSessionResponse> resignSession(
        dev.agora.v1.ResignSessionRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getResignSessionMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * A server bot plays the caller's seat from the next version on (the player stays
     * seated and can watch; its ListLegalActions is empty and its SubmitAction refused with
     * BOT_SEAT). Safe to retry with `request_id`.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.HandSeatToBotResponse> handSeatToBot(
        dev.agora.v1.HandSeatToBotRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getHandSeatToBotMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Takes back the caller's latest decision while its turn goes on (Board Game Arena's
     * rule): allowed only when no other seat has decided since, the caller is still to act,
     * and the decision neither drew at random (a card, a tile, a die) nor revealed or moved
     * hidden information; else FAILED_PRECONDITION with reason UNDO_NOT_ALLOWED and a
     * sentence saying which. Repeated undos go further back within the turn. The log stays
     * append-only: the undo is a new version (`seat_change.undo`) whose game is the one from
     * before the decision; read the state again. Safe to retry with `request_id`.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.UndoActionResponse> undoAction(
        dev.agora.v1.UndoActionRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getUndoActionMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * From a finished session, by one of its players: a new session of the same game,
     * options and time control, with the same players and bots, each one seat further on
     * (seat i plays seat i+1), every seat taken, so it starts at once. Each player's seat
     * token of the finished session is its token in the new one too. Asked twice (by every
     * player, at once or later), it answers the one rematch; the finished session names it
     * in `Session.rematch_session_id`, and its streams are told
     * (`StreamEventsResponse.rematch_session_id`). FAILED_PRECONDITION (reason
     * GAME_IN_PROGRESS) before the end.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.RematchSessionResponse> rematchSession(
        dev.agora.v1.RematchSessionRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getRematchSessionMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * A page of the session's committed versions as the caller may see them: exactly what
     * StreamEvents sends for them (same redaction, same `seat_change`), without following
     * the session live. A seat token sees its seat's secrets; no token is a spectator.
     * OUT_OF_RANGE when after_version is ahead of the session's version.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.GetHistoryResponse> getHistory(
        dev.agora.v1.GetHistoryRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getGetHistoryMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * The session as a self-contained record (SessionExport). While the game is in play it
     * holds only what the caller may see (no seed, no decisions: the redacted history);
     * once the game is over it holds the seed and every decision, which reproduce the game
     * exactly (ImportSession). FAILED_PRECONDITION (reason EXPORT_UNAVAILABLE) for a
     * finished session whose log was written by a release that did not record decisions.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.ExportSessionResponse> exportSession(
        dev.agora.v1.ExportSessionRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getExportSessionMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Creates a new, read-only session from a finished game's export by replaying its
     * decisions (all of them, or up to stop_at_version): for analysis and replays through
     * GetSession, GetState (as a spectator), GetHistory and StreamEvents. Nobody holds a
     * seat token of it and no server bot plays it, so it never changes. A decision that
     * does not apply is refused with INVALID_ARGUMENT naming `export.versions[i]`, and
     * nothing is stored. Safe to retry with `request_id`.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.ImportSessionResponse> importSession(
        dev.agora.v1.ImportSessionRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getImportSessionMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * The signed-in player's sessions (those it holds a seat in): first those where one of
     * its seats must decide now, then those waiting (for another seat, or for players),
     * then finished ones still kept (--finished-ttl) and, on a server with an archive
     * (--archive-url), every archived one, most recently changed first within each group;
     * paged, with no cap on the archived ones; filtered by game, result and finish dates.
     * Needs a player token (authorization: Bearer &lt;JWT&gt;); UNAUTHENTICATED without one.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.ListMySessionsResponse> listMySessions(
        dev.agora.v1.ListMySessionsRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getListMySessionsMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * The signed-in player's statistics per game over its archived games (played, won,
     * lost, drawn, unfinished, average and best score, last played), most recently played
     * game first. Needs a player token (UNAUTHENTICATED without one) and an archive
     * (FAILED_PRECONDITION, reason ARCHIVE_OFF, on a server without --archive-url). Counts
     * games once the archive holds them (seconds after they finish).
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.GetMyStatisticsResponse> getMyStatistics(
        dev.agora.v1.GetMyStatisticsRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getGetMyStatisticsMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Finished games from the archive, newest first, of one game id (or every game) that
     * finished between two dates; paged. Anyone may call it, as anyone may read a finished
     * session by id; private sessions (with invited players) are listed only to a
     * signed-in player seated in them. FAILED_PRECONDITION (reason ARCHIVE_OFF) on a
     * server without --archive-url. One game by id: GetSession, ExportSession.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.ListFinishedSessionsResponse> listFinishedSessions(
        dev.agora.v1.ListFinishedSessionsRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getListFinishedSessionsMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Says something at the table: a text (at most 280 characters) or a quick phrase id.
     * Seated players may (seat token or player token); spectators only when the session
     * was created with `spectators_may_chat` (PERMISSION_DENIED otherwise). `request_id`
     * is required: a retry answers the first message. RESOURCE_EXHAUSTED (with RetryInfo)
     * over the per-player rate; FAILED_PRECONDITION (reason CHAT_FULL) past the session's
     * cap, (reason MESSAGE_REJECTED) when the operator's filter refuses it.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.SendChatMessageResponse> sendChatMessage(
        dev.agora.v1.SendChatMessageRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getSendChatMessageMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * The table's messages after a sequence, paged. Who may read: the session's players;
     * spectators only when spectators may chat and the session is not private.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.ListChatMessagesResponse> listChatMessages(
        dev.agora.v1.ListChatMessagesRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getListChatMessagesMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * The quick phrases and emotes a client may send by id.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.ListQuickPhrasesResponse> listQuickPhrases(
        dev.agora.v1.ListQuickPhrasesRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getListQuickPhrasesMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Hides another player's messages from the signed-in caller (everywhere, until
     * UnmutePlayer). Needs a player token. Safe to repeat.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.MutePlayerResponse> mutePlayer(
        dev.agora.v1.MutePlayerRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getMutePlayerMethod(), getCallOptions()), request);
    }

    /**
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.UnmutePlayerResponse> unmutePlayer(
        dev.agora.v1.UnmutePlayerRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getUnmutePlayerMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * The signed-in caller never sits at a table with this player again (JoinSession
     * refuses either of them with FAILED_PRECONDITION, reason PLAYER_BLOCKED, without
     * saying who blocked whom), and the player's messages are hidden from the caller.
     * Needs a player token. Safe to repeat.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.BlockPlayerResponse> blockPlayer(
        dev.agora.v1.BlockPlayerRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getBlockPlayerMethod(), getCallOptions()), request);
    }

    /**
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.UnblockPlayerResponse> unblockPlayer(
        dev.agora.v1.UnblockPlayerRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getUnblockPlayerMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * The players the signed-in caller blocked and muted.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.ListBlockedPlayersResponse> listBlockedPlayers(
        dev.agora.v1.ListBlockedPlayersRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getListBlockedPlayersMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Reports a player (and optionally one of its messages) to the operators, with the
     * session and the message as they were. Needs a player token and a request id.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.ReportPlayerResponse> reportPlayer(
        dev.agora.v1.ReportPlayerRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getReportPlayerMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Quick match: puts the signed-in player in a pool (game id, player count, rated or
     * casual) with exact options or any options of the pool, and answers a ticket. The
     * server matches close ratings first and widens the window with waiting time, then
     * creates the session with every matched player seated (docs/api.md, "Quick match,
     * challenges and invite codes"). One open ticket per player per pool: a second call
     * answers the open ticket (ALREADY_EXISTS when its options differ). UNAUTHENTICATED
     * without a player token; RESOURCE_EXHAUSTED (with RetryInfo) over the ticket rate.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.StartQuickMatchResponse> startQuickMatch(
        dev.agora.v1.StartQuickMatchRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getStartQuickMatchMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * The caller's ticket as it stands (a poll): WAITING, MATCHED (with the session and
     * seat), EXPIRED or CANCELLED. NOT_FOUND for a ticket that is not the caller's.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.GetMatchTicketResponse> getMatchTicket(
        dev.agora.v1.GetMatchTicketRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getGetMatchTicketMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Takes the caller's waiting ticket out of its pool; a ticket that has ended is
     * answered as it stands (idempotent).
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.CancelQuickMatchResponse> cancelQuickMatch(
        dev.agora.v1.CancelQuickMatchRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getCancelQuickMatchMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * A player's Glicko-2 rating in one pool, or in every pool of a game (`player_id` empty:
     * the signed-in caller's). A player never rated gets a new player's 1500 / 350 / 0.06;
     * deviation grows with days without a rated game. NOT_FOUND: no such pool or game;
     * INVALID_ARGUMENT: neither or both of `pool_id` and `game_id`; UNAUTHENTICATED: no
     * `player_id` and no player token.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.GetRatingResponse> getRating(
        dev.agora.v1.GetRatingRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getGetRatingMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * A pool's leaderboard, best first, paged; established players (deviation at most 110)
     * and provisional players are two lists (`provisional`). NOT_FOUND: no such pool;
     * INVALID_ARGUMENT: a page_token this call did not return.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.GetLeaderboardResponse> getLeaderboard(
        dev.agora.v1.GetLeaderboardRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getGetLeaderboardMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * The signed-in caller's rank in a pool and the `count` players above and below.
     * UNAUTHENTICATED without a player token; NOT_FOUND: no such pool.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.agora.v1.GetLeaderboardAroundMeResponse> getLeaderboardAroundMe(
        dev.agora.v1.GetLeaderboardAroundMeRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getGetLeaderboardAroundMeMethod(), getCallOptions()), request);
    }
  }

  private static final int METHODID_LIST_GAMES = 0;
  private static final int METHODID_CREATE_SESSION = 1;
  private static final int METHODID_GET_SESSION = 2;
  private static final int METHODID_LIST_SESSIONS = 3;
  private static final int METHODID_JOIN_SESSION = 4;
  private static final int METHODID_LEAVE_SESSION = 5;
  private static final int METHODID_GET_STATE = 6;
  private static final int METHODID_LIST_LEGAL_ACTIONS = 7;
  private static final int METHODID_SUBMIT_ACTION = 8;
  private static final int METHODID_STREAM_EVENTS = 9;
  private static final int METHODID_RESIGN_SESSION = 10;
  private static final int METHODID_HAND_SEAT_TO_BOT = 11;
  private static final int METHODID_UNDO_ACTION = 12;
  private static final int METHODID_REMATCH_SESSION = 13;
  private static final int METHODID_GET_HISTORY = 14;
  private static final int METHODID_EXPORT_SESSION = 15;
  private static final int METHODID_IMPORT_SESSION = 16;
  private static final int METHODID_LIST_MY_SESSIONS = 17;
  private static final int METHODID_GET_MY_STATISTICS = 18;
  private static final int METHODID_LIST_FINISHED_SESSIONS = 19;
  private static final int METHODID_SEND_CHAT_MESSAGE = 20;
  private static final int METHODID_LIST_CHAT_MESSAGES = 21;
  private static final int METHODID_STREAM_CHAT = 22;
  private static final int METHODID_LIST_QUICK_PHRASES = 23;
  private static final int METHODID_MUTE_PLAYER = 24;
  private static final int METHODID_UNMUTE_PLAYER = 25;
  private static final int METHODID_BLOCK_PLAYER = 26;
  private static final int METHODID_UNBLOCK_PLAYER = 27;
  private static final int METHODID_LIST_BLOCKED_PLAYERS = 28;
  private static final int METHODID_REPORT_PLAYER = 29;
  private static final int METHODID_START_QUICK_MATCH = 30;
  private static final int METHODID_GET_MATCH_TICKET = 31;
  private static final int METHODID_CANCEL_QUICK_MATCH = 32;
  private static final int METHODID_WATCH_MATCH_TICKET = 33;
  private static final int METHODID_GET_RATING = 34;
  private static final int METHODID_GET_LEADERBOARD = 35;
  private static final int METHODID_GET_LEADERBOARD_AROUND_ME = 36;

  private static final class MethodHandlers<Req, Resp> implements
      io.grpc.stub.ServerCalls.UnaryMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ServerStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ClientStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.BidiStreamingMethod<Req, Resp> {
    private final GameServiceImplBase serviceImpl;
    private final int methodId;

    MethodHandlers(GameServiceImplBase serviceImpl, int methodId) {
      this.serviceImpl = serviceImpl;
      this.methodId = methodId;
    }

    @java.lang.Override
    @java.lang.SuppressWarnings("unchecked")
    public void invoke(Req request, io.grpc.stub.StreamObserver<Resp> responseObserver) {
      switch (methodId) {
        case METHODID_LIST_GAMES:
          serviceImpl.listGames((dev.agora.v1.ListGamesRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.ListGamesResponse>) responseObserver);
          break;
        case METHODID_CREATE_SESSION:
          serviceImpl.createSession((dev.agora.v1.CreateSessionRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.CreateSessionResponse>) responseObserver);
          break;
        case METHODID_GET_SESSION:
          serviceImpl.getSession((dev.agora.v1.GetSessionRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.GetSessionResponse>) responseObserver);
          break;
        case METHODID_LIST_SESSIONS:
          serviceImpl.listSessions((dev.agora.v1.ListSessionsRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.ListSessionsResponse>) responseObserver);
          break;
        case METHODID_JOIN_SESSION:
          serviceImpl.joinSession((dev.agora.v1.JoinSessionRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.JoinSessionResponse>) responseObserver);
          break;
        case METHODID_LEAVE_SESSION:
          serviceImpl.leaveSession((dev.agora.v1.LeaveSessionRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.LeaveSessionResponse>) responseObserver);
          break;
        case METHODID_GET_STATE:
          serviceImpl.getState((dev.agora.v1.GetStateRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.GetStateResponse>) responseObserver);
          break;
        case METHODID_LIST_LEGAL_ACTIONS:
          serviceImpl.listLegalActions((dev.agora.v1.ListLegalActionsRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.ListLegalActionsResponse>) responseObserver);
          break;
        case METHODID_SUBMIT_ACTION:
          serviceImpl.submitAction((dev.agora.v1.SubmitActionRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.SubmitActionResponse>) responseObserver);
          break;
        case METHODID_STREAM_EVENTS:
          serviceImpl.streamEvents((dev.agora.v1.StreamEventsRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.StreamEventsResponse>) responseObserver);
          break;
        case METHODID_RESIGN_SESSION:
          serviceImpl.resignSession((dev.agora.v1.ResignSessionRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.ResignSessionResponse>) responseObserver);
          break;
        case METHODID_HAND_SEAT_TO_BOT:
          serviceImpl.handSeatToBot((dev.agora.v1.HandSeatToBotRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.HandSeatToBotResponse>) responseObserver);
          break;
        case METHODID_UNDO_ACTION:
          serviceImpl.undoAction((dev.agora.v1.UndoActionRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.UndoActionResponse>) responseObserver);
          break;
        case METHODID_REMATCH_SESSION:
          serviceImpl.rematchSession((dev.agora.v1.RematchSessionRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.RematchSessionResponse>) responseObserver);
          break;
        case METHODID_GET_HISTORY:
          serviceImpl.getHistory((dev.agora.v1.GetHistoryRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.GetHistoryResponse>) responseObserver);
          break;
        case METHODID_EXPORT_SESSION:
          serviceImpl.exportSession((dev.agora.v1.ExportSessionRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.ExportSessionResponse>) responseObserver);
          break;
        case METHODID_IMPORT_SESSION:
          serviceImpl.importSession((dev.agora.v1.ImportSessionRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.ImportSessionResponse>) responseObserver);
          break;
        case METHODID_LIST_MY_SESSIONS:
          serviceImpl.listMySessions((dev.agora.v1.ListMySessionsRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.ListMySessionsResponse>) responseObserver);
          break;
        case METHODID_GET_MY_STATISTICS:
          serviceImpl.getMyStatistics((dev.agora.v1.GetMyStatisticsRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.GetMyStatisticsResponse>) responseObserver);
          break;
        case METHODID_LIST_FINISHED_SESSIONS:
          serviceImpl.listFinishedSessions((dev.agora.v1.ListFinishedSessionsRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.ListFinishedSessionsResponse>) responseObserver);
          break;
        case METHODID_SEND_CHAT_MESSAGE:
          serviceImpl.sendChatMessage((dev.agora.v1.SendChatMessageRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.SendChatMessageResponse>) responseObserver);
          break;
        case METHODID_LIST_CHAT_MESSAGES:
          serviceImpl.listChatMessages((dev.agora.v1.ListChatMessagesRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.ListChatMessagesResponse>) responseObserver);
          break;
        case METHODID_STREAM_CHAT:
          serviceImpl.streamChat((dev.agora.v1.StreamChatRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.StreamChatResponse>) responseObserver);
          break;
        case METHODID_LIST_QUICK_PHRASES:
          serviceImpl.listQuickPhrases((dev.agora.v1.ListQuickPhrasesRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.ListQuickPhrasesResponse>) responseObserver);
          break;
        case METHODID_MUTE_PLAYER:
          serviceImpl.mutePlayer((dev.agora.v1.MutePlayerRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.MutePlayerResponse>) responseObserver);
          break;
        case METHODID_UNMUTE_PLAYER:
          serviceImpl.unmutePlayer((dev.agora.v1.UnmutePlayerRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.UnmutePlayerResponse>) responseObserver);
          break;
        case METHODID_BLOCK_PLAYER:
          serviceImpl.blockPlayer((dev.agora.v1.BlockPlayerRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.BlockPlayerResponse>) responseObserver);
          break;
        case METHODID_UNBLOCK_PLAYER:
          serviceImpl.unblockPlayer((dev.agora.v1.UnblockPlayerRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.UnblockPlayerResponse>) responseObserver);
          break;
        case METHODID_LIST_BLOCKED_PLAYERS:
          serviceImpl.listBlockedPlayers((dev.agora.v1.ListBlockedPlayersRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.ListBlockedPlayersResponse>) responseObserver);
          break;
        case METHODID_REPORT_PLAYER:
          serviceImpl.reportPlayer((dev.agora.v1.ReportPlayerRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.ReportPlayerResponse>) responseObserver);
          break;
        case METHODID_START_QUICK_MATCH:
          serviceImpl.startQuickMatch((dev.agora.v1.StartQuickMatchRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.StartQuickMatchResponse>) responseObserver);
          break;
        case METHODID_GET_MATCH_TICKET:
          serviceImpl.getMatchTicket((dev.agora.v1.GetMatchTicketRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.GetMatchTicketResponse>) responseObserver);
          break;
        case METHODID_CANCEL_QUICK_MATCH:
          serviceImpl.cancelQuickMatch((dev.agora.v1.CancelQuickMatchRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.CancelQuickMatchResponse>) responseObserver);
          break;
        case METHODID_WATCH_MATCH_TICKET:
          serviceImpl.watchMatchTicket((dev.agora.v1.WatchMatchTicketRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.WatchMatchTicketResponse>) responseObserver);
          break;
        case METHODID_GET_RATING:
          serviceImpl.getRating((dev.agora.v1.GetRatingRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.GetRatingResponse>) responseObserver);
          break;
        case METHODID_GET_LEADERBOARD:
          serviceImpl.getLeaderboard((dev.agora.v1.GetLeaderboardRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.GetLeaderboardResponse>) responseObserver);
          break;
        case METHODID_GET_LEADERBOARD_AROUND_ME:
          serviceImpl.getLeaderboardAroundMe((dev.agora.v1.GetLeaderboardAroundMeRequest) request,
              (io.grpc.stub.StreamObserver<dev.agora.v1.GetLeaderboardAroundMeResponse>) responseObserver);
          break;
        default:
          throw new AssertionError();
      }
    }

    @java.lang.Override
    @java.lang.SuppressWarnings("unchecked")
    public io.grpc.stub.StreamObserver<Req> invoke(
        io.grpc.stub.StreamObserver<Resp> responseObserver) {
      switch (methodId) {
        default:
          throw new AssertionError();
      }
    }
  }

  private static abstract class GameServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoFileDescriptorSupplier, io.grpc.protobuf.ProtoServiceDescriptorSupplier {
    GameServiceBaseDescriptorSupplier() {}

    @java.lang.Override
    public com.google.protobuf.Descriptors.FileDescriptor getFileDescriptor() {
      return dev.agora.v1.GameServiceProto.getDescriptor();
    }

    @java.lang.Override
    public com.google.protobuf.Descriptors.ServiceDescriptor getServiceDescriptor() {
      return getFileDescriptor().findServiceByName("GameService");
    }
  }

  private static final class GameServiceFileDescriptorSupplier
      extends GameServiceBaseDescriptorSupplier {
    GameServiceFileDescriptorSupplier() {}
  }

  private static final class GameServiceMethodDescriptorSupplier
      extends GameServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoMethodDescriptorSupplier {
    private final String methodName;

    GameServiceMethodDescriptorSupplier(String methodName) {
      this.methodName = methodName;
    }

    @java.lang.Override
    public com.google.protobuf.Descriptors.MethodDescriptor getMethodDescriptor() {
      return getServiceDescriptor().findMethodByName(methodName);
    }
  }

  private static volatile io.grpc.ServiceDescriptor serviceDescriptor;

  public static io.grpc.ServiceDescriptor getServiceDescriptor() {
    io.grpc.ServiceDescriptor result = serviceDescriptor;
    if (result == null) {
      synchronized (GameServiceGrpc.class) {
        result = serviceDescriptor;
        if (result == null) {
          serviceDescriptor = result = io.grpc.ServiceDescriptor.newBuilder(SERVICE_NAME)
              .setSchemaDescriptor(new GameServiceFileDescriptorSupplier())
              .addMethod(getListGamesMethod())
              .addMethod(getCreateSessionMethod())
              .addMethod(getGetSessionMethod())
              .addMethod(getListSessionsMethod())
              .addMethod(getJoinSessionMethod())
              .addMethod(getLeaveSessionMethod())
              .addMethod(getGetStateMethod())
              .addMethod(getListLegalActionsMethod())
              .addMethod(getSubmitActionMethod())
              .addMethod(getStreamEventsMethod())
              .addMethod(getResignSessionMethod())
              .addMethod(getHandSeatToBotMethod())
              .addMethod(getUndoActionMethod())
              .addMethod(getRematchSessionMethod())
              .addMethod(getGetHistoryMethod())
              .addMethod(getExportSessionMethod())
              .addMethod(getImportSessionMethod())
              .addMethod(getListMySessionsMethod())
              .addMethod(getGetMyStatisticsMethod())
              .addMethod(getListFinishedSessionsMethod())
              .addMethod(getSendChatMessageMethod())
              .addMethod(getListChatMessagesMethod())
              .addMethod(getStreamChatMethod())
              .addMethod(getListQuickPhrasesMethod())
              .addMethod(getMutePlayerMethod())
              .addMethod(getUnmutePlayerMethod())
              .addMethod(getBlockPlayerMethod())
              .addMethod(getUnblockPlayerMethod())
              .addMethod(getListBlockedPlayersMethod())
              .addMethod(getReportPlayerMethod())
              .addMethod(getStartQuickMatchMethod())
              .addMethod(getGetMatchTicketMethod())
              .addMethod(getCancelQuickMatchMethod())
              .addMethod(getWatchMatchTicketMethod())
              .addMethod(getGetRatingMethod())
              .addMethod(getGetLeaderboardMethod())
              .addMethod(getGetLeaderboardAroundMeMethod())
              .build();
        }
      }
    }
    return result;
  }
}
