//! The API's own descriptor set, read once: what lets this client handle every game the
//! proto declares without naming any of them. A game's message is the field of a wrapper's
//! `game` oneof (`GameOptions`, `GameAction`, `GameEvent`, `GameView`) named after its id,
//! `-` written `_` ("terra-nova" -> `terra_nova`).

use std::sync::OnceLock;

use prost::Message;
use prost_reflect::{
    DescriptorPool, DynamicMessage, EnumDescriptor, FieldDescriptor, Kind, MessageDescriptor,
};

/// The wrapper messages whose `game` oneof holds one message per game.
pub const OPTIONS: &str = "agora.v1.GameOptions";
pub const ACTION: &str = "agora.v1.GameAction";

/// The descriptor pool of `agora.v1`, decoded on first use.
pub fn pool() -> Result<&'static DescriptorPool, String> {
    static POOL: OnceLock<Result<DescriptorPool, String>> = OnceLock::new();
    POOL.get_or_init(|| {
        DescriptorPool::decode(agora_proto::v1::FILE_DESCRIPTOR_SET)
            .map_err(|e| format!("the built-in descriptor set is unreadable: {e}"))
    })
    .as_ref()
    .map_err(Clone::clone)
}

/// The message `full_name` ("agora.v1.GameAction").
pub fn message(full_name: &str) -> Result<MessageDescriptor, String> {
    pool()?
        .get_message_by_name(full_name)
        .ok_or_else(|| format!("the API has no message {full_name}"))
}

/// The field of `wrapper`'s `game` oneof that carries the game `game_id`.
pub fn game_field(wrapper: &str, game_id: &str) -> Result<FieldDescriptor, String> {
    let wrapper = message(wrapper)?;
    let name = game_id.replace('-', "_");
    wrapper
        .get_field_by_name(&name)
        .filter(|f| f.containing_oneof().is_some() && f.kind().as_message().is_some())
        .ok_or_else(|| {
            format!(
                "unknown game {game_id:?}; this client knows {}",
                game_ids().unwrap_or_default().join(", ")
            )
        })
}

/// Every game id the API declares, in proto order (the fields of `GameOptions.game`).
pub fn game_ids() -> Result<Vec<String>, String> {
    Ok(message(OPTIONS)?
        .fields()
        .filter(|f| f.containing_oneof().is_some())
        .map(|f| f.name().replace('_', "-"))
        .collect())
}

/// `message` re-read through the descriptor of its type `full_name`.
pub fn dynamic<M: Message>(full_name: &str, message: &M) -> Result<DynamicMessage, String> {
    DynamicMessage::decode(
        self::message(full_name)?,
        message.encode_to_vec().as_slice(),
    )
    .map_err(|e| format!("cannot re-read {full_name}: {e}"))
}

/// The prefix every value of `enum_` carries by the proto style guide: `OriginRuleSet` ->
/// `ORIGIN_RULE_SET_`.
fn enum_prefix(enum_: &EnumDescriptor) -> String {
    let mut prefix = String::new();
    for (i, c) in enum_.name().chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            prefix.push('_');
        }
        prefix.push(c.to_ascii_uppercase());
    }
    prefix.push('_');
    prefix
}

/// The short name of an enum value: lower case without the type prefix
/// (`ORIGIN_RULE_SET_JUNIOR` -> `junior`); the number when the value is unknown.
pub fn enum_short_name(enum_: &EnumDescriptor, number: i32) -> String {
    match enum_.get_value(number) {
        Some(value) => {
            let prefix = enum_prefix(enum_);
            value
                .name()
                .strip_prefix(&prefix)
                .unwrap_or(value.name())
                .to_ascii_lowercase()
        }
        None => number.to_string(),
    }
}

/// The value of `enum_` named `text`: its short name (`junior`, `sea-dogs` and `SEA_DOGS`
/// also do) or its full name.
pub fn enum_value(enum_: &EnumDescriptor, text: &str) -> Option<i32> {
    let upper = text.trim().replace('-', "_").to_ascii_uppercase();
    let full = format!("{}{upper}", enum_prefix(enum_));
    enum_
        .get_value_by_name(&full)
        .or_else(|| enum_.get_value_by_name(&upper))
        .map(|v| v.number())
}

/// The short names of `enum_`'s values, without the `unspecified` zero value.
pub fn enum_short_names(enum_: &EnumDescriptor) -> Vec<String> {
    enum_
        .values()
        .map(|v| enum_short_name(enum_, v.number()))
        .filter(|name| name != "unspecified")
        .collect()
}

/// What one value of `field` may be, for error messages: "a number", "true or false",
/// "one of standard, junior".
pub fn value_text(field: &FieldDescriptor) -> String {
    match field.kind() {
        Kind::Bool => "true or false".to_string(),
        Kind::String => "text".to_string(),
        Kind::Bytes => "bytes".to_string(),
        Kind::Float | Kind::Double => "a decimal number".to_string(),
        Kind::Enum(e) => format!("one of {}", enum_short_names(&e).join(", ")),
        Kind::Message(m) => format!("a {} message", m.name()),
        _ => "a number".to_string(),
    }
}

/// What `field` takes: [`value_text`], or a comma list of it for a repeated field.
pub fn kind_text(field: &FieldDescriptor) -> String {
    if field.is_list() {
        format!("a comma list, each {}", value_text(field))
    } else {
        value_text(field)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_wrapper_carries_the_same_games() {
        let ids = game_ids().expect("descriptor");
        assert!(ids.contains(&"terra-nova".to_string()), "{ids:?}");
        for wrapper in [OPTIONS, ACTION, "agora.v1.GameEvent", "agora.v1.GameView"] {
            for id in &ids {
                assert!(game_field(wrapper, id).is_ok(), "{wrapper} has no {id}");
            }
        }
        let err = game_field(OPTIONS, "chess").expect_err("no chess");
        assert!(
            err.contains("unknown game \"chess\"") && err.contains("attika"),
            "{err}"
        );
    }

    #[test]
    fn enum_names_lose_their_type_prefix_both_ways() {
        let pool = pool().expect("descriptor");
        let rules = pool
            .get_enum_by_name("agora.v1.OriginRuleSet")
            .expect("enum");
        let junior = enum_value(&rules, "junior").expect("junior");
        assert_eq!(enum_short_name(&rules, junior), "junior");
        assert_eq!(enum_value(&rules, "ORIGIN_RULE_SET_JUNIOR"), Some(junior));
        assert_eq!(enum_value(&rules, "senior"), None);
        assert_eq!(enum_short_name(&rules, 99), "99");
        let factions = pool
            .get_enum_by_name("agora.v1.TerraNovaFaction")
            .expect("enum");
        let sea_dogs = enum_value(&factions, "sea-dogs").expect("sea dogs");
        assert_eq!(enum_short_name(&factions, sea_dogs), "sea_dogs");
        assert!(!enum_short_names(&factions).contains(&"unspecified".to_string()));
    }
}
