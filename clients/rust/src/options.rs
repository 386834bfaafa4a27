//! A new session's options from `--set name=value` pairs, for any game: the pairs fill the
//! game's `...Options` message found through the descriptor, so a game or an option added
//! to the proto needs nothing here.

use agora_proto::v1::GameOptions;
use prost::Message;
use prost_reflect::{DynamicMessage, FieldDescriptor, Kind, MessageDescriptor, Value};

use crate::schema;

/// The players of a session when neither `--players` nor `--set players=N` says (every
/// game has a `players` option).
pub const DEFAULT_PLAYERS: u32 = 4;

/// One `--set name=value`, split at the first `=`.
pub fn parse_pair(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => {
            Ok((name.trim().to_string(), value.trim().to_string()))
        }
        _ => Err(format!("expected name=value, not {text:?}")),
    }
}

/// The options of `game_id`: `players` (when the message has it) first, then each pair in
/// order, a later pair overriding an earlier one.
pub fn game_options(
    game_id: &str,
    players: Option<u32>,
    pairs: &[(String, String)],
) -> Result<GameOptions, String> {
    let field = schema::game_field(schema::OPTIONS, game_id)?;
    let Some(desc) = field.kind().as_message().cloned() else {
        return Err(format!("{} is not a message", field.full_name()));
    };
    let mut options = DynamicMessage::new(desc.clone());
    if let Some(players_field) = desc.get_field_by_name("players") {
        let value = players.unwrap_or(DEFAULT_PLAYERS);
        options.set_field(
            &players_field,
            parse_value(&players_field, &value.to_string())?,
        );
    }
    for (name, text) in pairs {
        let Some(target) = find_field(&desc, name) else {
            return Err(format!(
                "{game_id} has no option {name:?}; its options are: {}",
                accepted(&desc)
            ));
        };
        let value = parse_value(&target, text)
            .map_err(|e| format!("{game_id} option {}: {e}", target.name()))?;
        options.set_field(&target, value);
    }
    let mut wrapper = DynamicMessage::new(schema::message(schema::OPTIONS)?);
    wrapper.set_field(&field, Value::Message(options));
    GameOptions::decode(wrapper.encode_to_vec().as_slice()).map_err(|e| e.to_string())
}

/// The field `name` (also written with `-` for `_`); oneof wrappers and messages are not
/// options.
fn find_field(desc: &MessageDescriptor, name: &str) -> Option<FieldDescriptor> {
    desc.get_field_by_name(&name.replace('-', "_"))
        .filter(|f| !matches!(f.kind(), Kind::Message(_)))
}

/// "players (number), amphora_for_card (true|false)".
fn accepted(desc: &MessageDescriptor) -> String {
    desc.fields()
        .filter(|f| !matches!(f.kind(), Kind::Message(_)))
        .map(|f| format!("{} ({})", f.name(), schema::kind_text(&f)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `text` as a value of `field`: a comma list for a repeated field (empty: no element).
fn parse_value(field: &FieldDescriptor, text: &str) -> Result<Value, String> {
    if field.is_list() {
        let items = text
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(|t| parse_one(field, t))
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(Value::List(items));
    }
    parse_one(field, text)
}

fn parse_one(field: &FieldDescriptor, text: &str) -> Result<Value, String> {
    let bad = || format!("{text:?} is not {}", schema::value_text(field));
    let value = match field.kind() {
        Kind::Bool => match text.to_ascii_lowercase().as_str() {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            _ => return Err(bad()),
        },
        Kind::Uint32 | Kind::Fixed32 => Value::U32(text.parse().map_err(|_| bad())?),
        Kind::Uint64 | Kind::Fixed64 => Value::U64(text.parse().map_err(|_| bad())?),
        Kind::Int32 | Kind::Sint32 | Kind::Sfixed32 => Value::I32(text.parse().map_err(|_| bad())?),
        Kind::Int64 | Kind::Sint64 | Kind::Sfixed64 => Value::I64(text.parse().map_err(|_| bad())?),
        Kind::Float => Value::F32(text.parse().map_err(|_| bad())?),
        Kind::Double => Value::F64(text.parse().map_err(|_| bad())?),
        Kind::String => Value::String(text.to_string()),
        Kind::Bytes => Value::Bytes(text.as_bytes().to_vec().into()),
        Kind::Enum(e) => Value::EnumNumber(schema::enum_value(&e, text).ok_or_else(bad)?),
        Kind::Message(m) => return Err(format!("a {} message cannot be set here", m.name())),
    };
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_proto::v1::{
        game_options::Game, AttikaOptions, OriginOptions, OriginRuleSet, OriginsOptions,
        TerraNovaFaction, TerraNovaNeutralVariant, TerraNovaOptions,
    };

    fn pairs(list: &[&str]) -> Vec<(String, String)> {
        list.iter().map(|p| parse_pair(p).expect("pair")).collect()
    }

    fn options(game: &str, players: Option<u32>, list: &[&str]) -> Result<Game, String> {
        game_options(game, players, &pairs(list))?
            .game
            .ok_or_else(|| "no game set".to_string())
    }

    #[test]
    fn origin_junior_with_a_first_player() {
        let got = options("origin", Some(2), &["rules=junior", "first_player=1"]);
        assert_eq!(
            got,
            Ok(Game::Origin(OriginOptions {
                players: 2,
                rules: OriginRuleSet::Junior as i32,
                first_player: Some(1),
            }))
        );
    }

    #[test]
    fn terra_nova_fixed_factions_and_a_neutral_variant() {
        let got = options(
            "terra-nova",
            None,
            &[
                "players=2",
                "factions=genies, sea-dogs",
                "turn-order-variant=true",
                "neutral_variant=planner",
            ],
        );
        assert_eq!(
            got,
            Ok(Game::TerraNova(TerraNovaOptions {
                players: 2,
                factions: vec![
                    TerraNovaFaction::Genies as i32,
                    TerraNovaFaction::SeaDogs as i32
                ],
                turn_order_variant: true,
                neutral_variant: TerraNovaNeutralVariant::Planner as i32,
                ..Default::default()
            }))
        );
    }

    #[test]
    fn origins_solo_and_attika_amphora_for_card() {
        assert_eq!(
            options("origins", Some(1), &["solo=true"]),
            Ok(Game::Origins(OriginsOptions {
                players: 1,
                solo: true,
                ..Default::default()
            }))
        );
        assert_eq!(
            options("attika", Some(3), &["amphora_for_card=true"]),
            Ok(Game::Attika(AttikaOptions {
                players: 3,
                amphora_for_card: true
            }))
        );
    }

    #[test]
    fn every_game_has_players_defaulting_to_four() {
        for id in schema::game_ids().expect("descriptor") {
            let set = game_options(&id, None, &[]).expect(&id);
            let field = schema::game_field(schema::OPTIONS, &id).expect("field");
            let wrapper = schema::dynamic(schema::OPTIONS, &set).expect("dynamic");
            let inner = wrapper.get_field(&field);
            let players = inner
                .as_message()
                .and_then(|m| m.get_field_by_name("players"))
                .and_then(|v| v.as_u32());
            assert_eq!(players, Some(DEFAULT_PLAYERS), "{id}");
        }
    }

    #[test]
    fn a_later_pair_overrides_players() {
        let got = options("attika", Some(2), &["players=3"]);
        assert_eq!(
            got,
            Ok(Game::Attika(AttikaOptions {
                players: 3,
                amphora_for_card: false
            }))
        );
    }

    #[test]
    fn an_unknown_option_lists_the_accepted_ones() {
        let err = options("attika", None, &["amphora=true"]).expect_err("no such option");
        assert_eq!(
            err,
            "attika has no option \"amphora\"; its options are: players (a number), \
             amphora_for_card (true or false)"
        );
    }

    #[test]
    fn a_bad_value_names_what_the_option_takes() {
        let err = options("origin", None, &["rules=senior"]).expect_err("no such rule set");
        assert_eq!(
            err,
            "origin option rules: \"senior\" is not one of standard, junior"
        );
        let err = options("origins", None, &["solo=yes"]).expect_err("not a bool");
        assert_eq!(err, "origins option solo: \"yes\" is not true or false");
        let err = options("terra-nova", None, &["factions=genies,orcs"]).expect_err("orcs");
        assert!(err.starts_with("terra-nova option factions: \"orcs\" is not one of genies, "));
        assert!(err.contains("sea_dogs"), "{err}");
        let err = options("attika", None, &["players=-1"]).expect_err("negative");
        assert_eq!(err, "attika option players: \"-1\" is not a number");
        assert!(options("chess", None, &[]).is_err());
        assert!(parse_pair("players").is_err());
        assert!(parse_pair("=3").is_err());
    }
}
