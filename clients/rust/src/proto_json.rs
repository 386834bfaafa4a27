//! Any game's actions as protobuf JSON, through the API's own descriptor set: the game's
//! own action message (no `GameAction` wrapper), field names as in the .proto
//! (lowerCamelCase also accepted), enums by full name or number, e.g.
//! `{"choose_hex": {"hex": "E4"}}` or `{"raise_tower": {"colour": "ORIGINS_COLOUR_RED"}}`.

use agora_proto::v1::GameAction;
use prost::Message;
use prost_reflect::{DynamicMessage, SerializeOptions, Value};

use crate::schema;

/// The JSON form of the game's action inside `action`.
pub fn action_to_json(action: &GameAction) -> Result<String, String> {
    let wrapper = schema::dynamic(schema::ACTION, action)?;
    let Some((_, Value::Message(inner))) = wrapper.fields().next() else {
        return Err("the action names no game".into());
    };
    let mut out = serde_json::Serializer::new(Vec::new());
    inner
        .serialize_with_options(
            &mut out,
            &SerializeOptions::new().use_proto_field_name(true),
        )
        .map_err(|e| format!("cannot write the action as JSON: {e}"))?;
    String::from_utf8(out.into_inner()).map_err(|e| e.to_string())
}

/// Reads `text` as the JSON form of an action of the game `game_id`.
pub fn action_from_json(game_id: &str, text: &str) -> Result<GameAction, String> {
    let field = schema::game_field(schema::ACTION, game_id)?;
    let Some(desc) = field.kind().as_message().cloned() else {
        return Err(format!("{} is not a message", field.full_name()));
    };
    let mut input = serde_json::Deserializer::from_str(text);
    let inner = DynamicMessage::deserialize(desc.clone(), &mut input)
        .map_err(|e| format!("not a {}: {e}", desc.full_name()))?;
    input
        .end()
        .map_err(|e| format!("trailing text after the JSON value: {e}"))?;
    let mut wrapper = DynamicMessage::new(schema::message(schema::ACTION)?);
    wrapper.set_field(&field, Value::Message(inner));
    GameAction::decode(wrapper.encode_to_vec().as_slice()).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_proto::v1::{
        game_action::Game, origin_action, origins_action, terra_nova_action, OriginAction,
        OriginsAction, TerraNovaAction,
    };

    #[test]
    fn terra_nova_actions_round_trip() {
        let action = GameAction {
            game: Some(Game::TerraNova(TerraNovaAction {
                action: Some(terra_nova_action::Action::ChooseHex(
                    terra_nova_action::ChooseHex { hex: "E4".into() },
                )),
            })),
        };
        let text = action_to_json(&action).expect("json");
        assert_eq!(text, r#"{"choose_hex":{"hex":"E4"}}"#);
        assert_eq!(action_from_json("terra-nova", &text), Ok(action));
    }

    #[test]
    fn origin_end_turn_reads_as_in_the_readme() {
        let action = action_from_json("origin", r#"{"end_turn": {}}"#).expect("parse");
        assert_eq!(
            action.game,
            Some(Game::Origin(OriginAction {
                action: Some(origin_action::Action::EndTurn(origin_action::EndTurn {})),
            }))
        );
    }

    #[test]
    fn origins_enums_by_name_and_camel_case_fields() {
        let action = action_from_json(
            "origins",
            r#"{"raiseTower": {"colour": "ORIGINS_COLOUR_BLUE"}}"#,
        )
        .expect("parse");
        assert_eq!(
            action.game,
            Some(Game::Origins(OriginsAction {
                action: Some(origins_action::Action::RaiseTower(
                    origins_action::RaiseTower { colour: 3 }
                )),
            }))
        );
        let text = action_to_json(&action).expect("json");
        assert_eq!(text, r#"{"raise_tower":{"colour":"ORIGINS_COLOUR_BLUE"}}"#);
    }

    #[test]
    fn bad_json_is_an_error_not_a_panic() {
        for text in [
            r#"{"no_such_action": {}}"#,
            "[1, 2]",
            r#"{"choose_hex": {"hex": 3}}"#,
            "{} x",
        ] {
            assert!(action_from_json("terra-nova", text).is_err(), "{text}");
        }
        assert!(action_from_json("chess", "{}").is_err());
        assert!(action_to_json(&GameAction { game: None }).is_err());
    }
}
