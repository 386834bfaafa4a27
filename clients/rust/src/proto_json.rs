//! Any game's actions as protobuf JSON, through the API's own descriptor set: field names
//! as in the .proto (lowerCamelCase also accepted), enums by full name or number, e.g.
//! `{"choose_hex": {"hex": "E4"}}` or `{"raise_tower": {"colour": "ORIGINS_COLOUR_RED"}}`.
//! Origin keeps its shorter hand-made form (`action_json`).

use prost::Message;
use prost_reflect::{DescriptorPool, DynamicMessage, MessageDescriptor, SerializeOptions};

fn descriptor(full_name: &str) -> Result<MessageDescriptor, String> {
    let pool = DescriptorPool::decode(agora_proto::v1::FILE_DESCRIPTOR_SET)
        .map_err(|e| format!("the built-in descriptor set is unreadable: {e}"))?;
    pool.get_message_by_name(full_name)
        .ok_or_else(|| format!("the API has no message {full_name}"))
}

/// The JSON form of `message`, whose protobuf type is `full_name` (e.g. "agora.v1.OriginsAction").
pub fn to_json<M: Message>(full_name: &str, message: &M) -> Result<String, String> {
    let dynamic =
        DynamicMessage::decode(descriptor(full_name)?, message.encode_to_vec().as_slice())
            .map_err(|e| format!("cannot re-read {full_name}: {e}"))?;
    let mut out = serde_json::Serializer::new(Vec::new());
    dynamic
        .serialize_with_options(
            &mut out,
            &SerializeOptions::new().use_proto_field_name(true),
        )
        .map_err(|e| format!("cannot write {full_name} as JSON: {e}"))?;
    String::from_utf8(out.into_inner()).map_err(|e| e.to_string())
}

/// Reads `text` as the JSON form of the protobuf type `full_name`.
pub fn from_json<M: Message + Default>(full_name: &str, text: &str) -> Result<M, String> {
    let mut input = serde_json::Deserializer::from_str(text);
    let dynamic = DynamicMessage::deserialize(descriptor(full_name)?, &mut input)
        .map_err(|e| format!("not a {full_name}: {e}"))?;
    input
        .end()
        .map_err(|e| format!("trailing text after the JSON value: {e}"))?;
    M::decode(dynamic.encode_to_vec().as_slice()).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_proto::v1::{origins_action, terra_nova_action, OriginsAction, TerraNovaAction};

    #[test]
    fn terra_nova_actions_round_trip() {
        let action = TerraNovaAction {
            action: Some(terra_nova_action::Action::ChooseHex(
                terra_nova_action::ChooseHex { hex: "E4".into() },
            )),
        };
        let text = to_json("agora.v1.TerraNovaAction", &action).expect("json");
        assert_eq!(text, r#"{"choose_hex":{"hex":"E4"}}"#);
        let back: TerraNovaAction = from_json("agora.v1.TerraNovaAction", &text).expect("parse");
        assert_eq!(back, action);
    }

    #[test]
    fn origins_enums_by_name_and_camel_case_fields() {
        let action: OriginsAction = from_json(
            "agora.v1.OriginsAction",
            r#"{"raiseTower": {"colour": "ORIGINS_COLOUR_BLUE"}}"#,
        )
        .expect("parse");
        assert_eq!(
            action.action,
            Some(origins_action::Action::RaiseTower(
                origins_action::RaiseTower { colour: 3 }
            ))
        );
        let text = to_json("agora.v1.OriginsAction", &action).expect("json");
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
            assert!(
                from_json::<TerraNovaAction>("agora.v1.TerraNovaAction", text).is_err(),
                "{text}"
            );
        }
    }
}
