/// The Agora Dart SDK: the messages and the GameService client generated from
/// proto/agora/v1 by proto/templates/buf.gen.dart.yaml (see README.md). Each .pb.dart
/// re-exports its enums (.pbenum.dart).
library agora_sdk;

export 'src/generated/agora/v1/attika.pb.dart';
export 'src/generated/agora/v1/game_service.pbgrpc.dart';
export 'src/generated/agora/v1/games.pb.dart';
export 'src/generated/agora/v1/origin.pb.dart';
export 'src/generated/agora/v1/origins.pb.dart';
export 'src/generated/agora/v1/session.pb.dart';
export 'src/generated/agora/v1/terra_nova.pb.dart';
