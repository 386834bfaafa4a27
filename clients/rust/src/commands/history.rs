//! `agora export` and `agora replay`: a session written out as protobuf JSON (a
//! `SessionExport`), and an export replayed into a new read-only session whose history is
//! then printed as `agora watch` prints it.

use std::path::Path;

use agora_proto::v1::{
    ExportSessionRequest, GetHistoryRequest, ImportSessionRequest, SessionExport,
};
use prost::Message;
use prost_reflect::{DynamicMessage, SerializeOptions};

use crate::{
    client::{authorized, request, CliError, CliResult, Client},
    render::{self, Names},
    schema,
};

const EXPORT: &str = "agora.v1.SessionExport";

/// Versions asked for per GetHistory page.
const PAGE: u32 = 500;

/// The export as protobuf JSON (field names as in the .proto, enums by name).
pub fn export_to_json(export: &SessionExport) -> Result<String, String> {
    let message = schema::dynamic(EXPORT, export)?;
    let mut out = serde_json::Serializer::pretty(Vec::new());
    message
        .serialize_with_options(
            &mut out,
            &SerializeOptions::new().use_proto_field_name(true),
        )
        .map_err(|e| format!("cannot write the export as JSON: {e}"))?;
    String::from_utf8(out.into_inner()).map_err(|e| e.to_string())
}

/// Reads `text` as the JSON form of a `SessionExport`.
pub fn export_from_json(text: &str) -> Result<SessionExport, String> {
    let desc = schema::message(EXPORT)?;
    let mut input = serde_json::Deserializer::from_str(text);
    let message = DynamicMessage::deserialize(desc, &mut input)
        .map_err(|e| format!("not a {EXPORT}: {e}"))?;
    input
        .end()
        .map_err(|e| format!("trailing text after the JSON value: {e}"))?;
    SessionExport::decode(message.encode_to_vec().as_slice()).map_err(|e| e.to_string())
}

/// `agora export SESSION [--out FILE]`: the whole game once it is over (seed and every
/// decision); while it is in play, only what the token's seat (or a spectator) may see.
pub async fn export(
    client: &mut Client,
    token: Option<&str>,
    session_id: String,
    out: Option<&Path>,
) -> CliResult<()> {
    let message = ExportSessionRequest { session_id };
    let request = request(message, token)?;
    let export = client
        .export_session(request)
        .await?
        .into_inner()
        .export
        .ok_or_else(|| CliError::Other("the server answered no export".into()))?;
    let text = export_to_json(&export).map_err(CliError::Other)?;
    match out {
        Some(path) => {
            std::fs::write(path, text + "\n")
                .map_err(|e| CliError::Other(format!("cannot write {}: {e}", path.display())))?;
            let what = if export.seed_hidden {
                "in play: the history you may see, no seed, cannot be replayed"
            } else {
                "finished: seed and every decision, replayable with `agora replay`"
            };
            eprintln!(
                "wrote {} (version {}, {what})",
                path.display(),
                export.version
            );
        }
        None => println!("{text}"),
    }
    Ok(())
}

/// `agora replay FILE [--stop-at N]`: imports the export as a new session, prints its id,
/// then its history.
pub async fn replay(client: &mut Client, file: &Path, stop_at: Option<u64>) -> CliResult<()> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| CliError::Usage(format!("cannot read {}: {e}", file.display())))?;
    let export =
        export_from_json(&text).map_err(|e| CliError::Usage(format!("{}: {e}", file.display())))?;
    let message = ImportSessionRequest {
        export: Some(export),
        stop_at_version: stop_at,
        request_id: super::request_id(),
    };
    let session = super::retrying("ImportSession", || {
        let mut client = client.clone();
        let request = authorized(message.clone(), None);
        async move { client.import_session(request).await }
    })
    .await?
    .into_inner()
    .session
    .ok_or_else(|| CliError::Other("the server imported a session but returned none".into()))?;
    println!("{}", session.session_id);
    println!(
        "replaying {} ({}), {} versions",
        session.session_id,
        render::game_options(session.options.as_ref()),
        session.version
    );
    let names = Names::from_session(Some(&session));
    let mut after = 0;
    loop {
        let page = client
            .get_history(request(
                GetHistoryRequest {
                    session_id: session.session_id.clone(),
                    after_version: after,
                    page_size: PAGE,
                },
                None,
            )?)
            .await?
            .into_inner();
        for item in &page.versions {
            println!("{}", render::stream_message(item, &names));
        }
        if page.next_after_version == 0 {
            break;
        }
        after = page.next_after_version;
    }
    if session.outcome.is_none() {
        println!(
            "stopped at version {} (the game is not over)",
            session.version
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_proto::v1::{
        exported_version::Cause, game_action::Game, origin_action, BotKind, ExportedResignation,
        ExportedSeat, ExportedVersion, GameAction, OriginAction,
    };

    #[test]
    fn exports_round_trip_through_json() {
        let export = SessionExport {
            format_version: 1,
            game_id: "origin".into(),
            seed: u64::MAX,
            seats: vec![ExportedSeat {
                player_name: "Ada".into(),
                bot: BotKind::Random as i32,
                ..Default::default()
            }],
            versions: vec![
                ExportedVersion {
                    version: 1,
                    seat: 0,
                    cause: Some(Cause::Action(GameAction {
                        game: Some(Game::Origin(OriginAction {
                            action: Some(origin_action::Action::EndTurn(origin_action::EndTurn {})),
                        })),
                    })),
                },
                ExportedVersion {
                    version: 2,
                    seat: 1,
                    cause: Some(Cause::Resigned(ExportedResignation {})),
                },
            ],
            version: 2,
            ..Default::default()
        };
        let text = export_to_json(&export).expect("json");
        assert!(text.contains("\"end_turn\""), "{text}");
        assert!(text.contains("BOT_KIND_RANDOM"), "{text}");
        assert_eq!(export_from_json(&text), Ok(export));
        assert!(export_from_json("{\"seed\": \"x\"}").is_err());
        assert!(export_from_json("[]").is_err());
    }
}
