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

/// The `players` option of built options (every game has one): the session's seat count.
pub fn players(options: &GameOptions) -> Result<u32, String> {
    let wrapper = DynamicMessage::decode(
        schema::message(schema::OPTIONS)?,
        options.encode_to_vec().as_slice(),
    )
    .map_err(|e| e.to_string())?;
    for (_, value) in wrapper.fields() {
        if let Value::Message(game) = value {
            if let Some(Value::U32(n)) = game.get_field_by_name("players").as_deref() {
                return Ok(*n);
            }
        }
    }
    Err("the options name no number of players".into())
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

/// The arguments with every flag that names an option of the session's game rewritten as
/// `--set`: `--wonders` is `--set wonders=true`, `--challenges normal` (or
/// `--challenges=normal`) is `--set challenges=normal`. Only for `create` and `play`, and only
/// flags that are not already the CLI's own (`known`), so the game's options message stays
/// the one list of options. The game is `--game` (play, default `origin`) or the first
/// plain word after `create`.
pub fn expand_option_flags(args: Vec<String>, known: &[String]) -> Vec<String> {
    let Some(at) = args.iter().position(|a| a == "create" || a == "play") else {
        return args;
    };
    let game = game_of(&args[at..]);
    let Ok(desc) = schema::game_field(schema::OPTIONS, &game)
        .and_then(|f| f.kind().as_message().cloned().ok_or_else(String::new))
    else {
        return args;
    };
    let mut out: Vec<String> = args[..=at].to_vec();
    let mut rest = args[at + 1..].iter().peekable();
    while let Some(arg) = rest.next() {
        let Some(flag) = arg.strip_prefix("--") else {
            out.push(arg.clone());
            continue;
        };
        let (name, inline) = match flag.split_once('=') {
            Some((name, value)) => (name, Some(value.to_string())),
            None => (flag, None),
        };
        let field = find_field(&desc, name).filter(|_| !known.iter().any(|k| k == name));
        let Some(field) = field else {
            out.push(arg.clone());
            continue;
        };
        let value = match inline {
            Some(value) => value,
            // A bare boolean flag is true; `--solo false` still reads its value.
            None if field.kind() == Kind::Bool => match rest.peek().map(|v| v.as_str()) {
                Some("true" | "false") => rest.next().cloned().unwrap_or_default(),
                _ => "true".to_string(),
            },
            None => rest.next().cloned().unwrap_or_default(),
        };
        out.push("--set".to_string());
        out.push(format!("{}={value}", field.name()));
    }
    out
}

/// The game a `create` or `play` command line names (`args[0]` is the subcommand).
fn game_of(args: &[String]) -> String {
    for (i, arg) in args.iter().enumerate() {
        if let Some(game) = arg.strip_prefix("--game=") {
            return game.to_string();
        }
        if arg == "--game" {
            if let Some(game) = args.get(i + 1) {
                return game.clone();
            }
        }
    }
    if args[0] == "create" {
        if let Some(game) = args[1..].iter().find(|a| !a.starts_with('-')) {
            return game.clone();
        }
    }
    "origin".to_string()
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
            options("origins", Some(4), &["wonders=true"]),
            Ok(Game::Origins(OriginsOptions {
                players: 4,
                wonders: true,
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

    fn expanded(line: &str) -> String {
        let args = line.split(' ').map(String::from).collect();
        let known = ["players", "set", "seed", "game", "bots"].map(String::from);
        expand_option_flags(args, &known).join(" ")
    }

    #[test]
    fn a_games_option_flags_become_set_pairs() {
        assert_eq!(
            expanded("agora play --bots --game origins --solo --players 1 --seed 3"),
            "agora play --bots --game origins --set solo=true --players 1 --seed 3"
        );
        assert_eq!(
            expanded(
                "agora create terra-nova --turn-order-variant false --neutral_variant=planner"
            ),
            "agora create terra-nova --set turn_order_variant=false --set neutral_variant=planner"
        );
        assert_eq!(
            expanded("agora play --bots --rules junior"),
            "agora play --bots --set rules=junior"
        );
        // The CLI's own flags, other commands and unknown names are left to clap.
        assert_eq!(
            expanded("agora play --bots --game origin --players 2 --bogus 1"),
            "agora play --bots --game origin --players 2 --bogus 1"
        );
        assert_eq!(expanded("agora state S --rules"), "agora state S --rules");
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
