//! Text for any message from its descriptor: the kind and the fields of an action or an
//! event on one line (`choose_faction faction=sea_dogs`), every field of a view as an
//! indented tree. Enum values read by their short names (`sea_dogs`, not
//! `TERRA_NOVA_FACTION_SEA_DOGS`); a field the proto gains shows up without a change here.

use std::fmt::Write as _;

use prost::Message;
use prost_reflect::{
    DynamicMessage, FieldDescriptor, Kind, MessageDescriptor, ReflectMessage, Value,
};

use crate::schema;

/// Lines longer than this are broken into an indented tree.
const WIDTH: usize = 100;

/// Which fields of a message are shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// Every field except an unset message or optional field: `pile=0` is information.
    All,
    /// Only fields that differ from their default, as `--set` writes options.
    Set,
}

/// The game's message inside a wrapper (`GameAction`, `GameEvent`, `GameOptions`,
/// `GameView`), or why there is none.
pub fn game_message<M: Message>(wrapper: &str, message: &M) -> Result<DynamicMessage, String> {
    let wrapper = schema::dynamic(wrapper, message)?;
    let inner = match wrapper.fields().next() {
        Some((_, Value::Message(inner))) => Ok(inner.clone()),
        _ => Err("no game".to_string()),
    };
    inner
}

/// One line for the game's message in `message` (see [`line`]); a placeholder when the
/// wrapper is empty or unreadable, never a failure.
pub fn game_line<M: Message>(wrapper: &str, message: &M, shown: Shown) -> String {
    match game_message(wrapper, message) {
        Ok(inner) => line(&inner, shown),
        Err(e) => format!("({e})"),
    }
}

/// True when one oneof holds every field of `desc`: such a message is a choice of one kind
/// (an action, an event, a pending decision).
fn is_choice(desc: &MessageDescriptor) -> bool {
    let fields = desc.fields().len();
    desc.oneofs()
        .any(|o| !o.is_synthetic() && fields > 0 && o.fields().len() == fields)
}

/// One line: a choice as its kind and the kind's fields (`evolve target=T12 pawn={...}`),
/// any other message as its fields (`players=2 rules=junior`).
pub fn line(message: &DynamicMessage, shown: Shown) -> String {
    let desc = message.descriptor();
    if is_choice(&desc) {
        return match message.fields().next() {
            Some((kind, Value::Message(inner))) => {
                let parts = parts(inner, shown);
                if parts.is_empty() {
                    kind.name().to_string()
                } else {
                    format!("{} {}", kind.name(), parts.join(" "))
                }
            }
            Some((kind, value)) => format!("{}={}", kind.name(), inline(&kind, value, shown)),
            None => "(none)".into(),
        };
    }
    parts(message, shown).join(" ")
}

/// The fields of `message` that [`Shown`] keeps, in proto order.
fn shown_fields(message: &DynamicMessage, shown: Shown) -> Vec<(FieldDescriptor, Value)> {
    message
        .descriptor()
        .fields()
        .filter(|f| {
            if f.supports_presence() || shown == Shown::Set {
                message.has_field(f)
            } else {
                true
            }
        })
        .map(|f| {
            let value = message.get_field(&f).into_owned();
            (f, value)
        })
        .collect()
}

/// `name=value` for each shown field.
fn parts(message: &DynamicMessage, shown: Shown) -> Vec<String> {
    shown_fields(message, shown)
        .into_iter()
        .map(|(f, v)| format!("{}={}", f.name(), inline(&f, &v, shown)))
        .collect()
}

/// A value on one line: a message in braces, a list in brackets.
fn inline(field: &FieldDescriptor, value: &Value, shown: Shown) -> String {
    match value {
        Value::List(items) => {
            let items: Vec<String> = items.iter().map(|v| single(field, v, shown)).collect();
            format!("[{}]", items.join(", "))
        }
        Value::Map(map) => {
            let mut entries: Vec<_> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            let value_field = match field.kind() {
                Kind::Message(entry) => entry.map_entry_value_field(),
                _ => field.clone(),
            };
            let items: Vec<String> = entries
                .into_iter()
                .map(|(k, v)| format!("{k:?}: {}", single(&value_field, v, shown)))
                .collect();
            format!("{{{}}}", items.join(", "))
        }
        _ => single(field, value, shown),
    }
}

/// One element of a field (a list's item, or the value of a singular field).
fn single(field: &FieldDescriptor, value: &Value, shown: Shown) -> String {
    match value {
        Value::Bool(b) => b.to_string(),
        Value::I32(n) => n.to_string(),
        Value::I64(n) => n.to_string(),
        Value::U32(n) => n.to_string(),
        Value::U64(n) => n.to_string(),
        Value::F32(n) => n.to_string(),
        Value::F64(n) => n.to_string(),
        Value::String(s) => text(s),
        Value::Bytes(b) => format!("<{} bytes>", b.len()),
        Value::EnumNumber(n) => match field.kind() {
            Kind::Enum(e) => schema::enum_short_name(&e, *n),
            _ => n.to_string(),
        },
        Value::Message(m) => format!("{{{}}}", line(m, shown)),
        Value::List(_) | Value::Map(_) => inline(field, value, shown),
    }
}

/// A string as is when it reads as one word, quoted otherwise.
fn text(s: &str) -> String {
    let plain = !s.is_empty()
        && !s
            .chars()
            .any(|c| c.is_whitespace() || "{}[]=,\"".contains(c) || c.is_control());
    if plain {
        s.to_string()
    } else {
        format!("{s:?}")
    }
}

/// Every field of `message` (a view), one per line, nested messages indented below their
/// name unless they fit on the line.
pub fn tree(message: &DynamicMessage) -> String {
    let mut out = String::new();
    write_tree(&mut out, message, 0);
    out
}

fn write_tree(out: &mut String, message: &DynamicMessage, indent: usize) {
    let pad = " ".repeat(indent);
    for (field, value) in shown_fields(message, Shown::All) {
        let name = field.name();
        let flat = inline(&field, &value, Shown::All);
        if indent + name.len() + 2 + flat.len() <= WIDTH {
            let _ = writeln!(out, "{pad}{name}: {flat}");
            continue;
        }
        match &value {
            Value::Message(inner) => {
                let _ = writeln!(out, "{pad}{name}:");
                write_tree(out, inner, indent + 2);
            }
            Value::List(items) if matches!(field.kind(), Kind::Message(_)) => {
                let _ = writeln!(out, "{pad}{name}:");
                for item in items {
                    write_item(out, &field, item, indent + 2);
                }
            }
            _ => {
                let _ = writeln!(out, "{pad}{name}: {flat}");
            }
        }
    }
}

/// One list element as `- ...`: on one line when it fits, else its tree below the dash.
fn write_item(out: &mut String, field: &FieldDescriptor, item: &Value, indent: usize) {
    let pad = " ".repeat(indent);
    let flat = single(field, item, Shown::All);
    match item {
        Value::Message(inner) if indent + 2 + flat.len() > WIDTH => {
            let mut body = String::new();
            write_tree(&mut body, inner, indent + 2);
            // The first line's indent becomes the dash: "    seat: 0" -> "  - seat: 0".
            let body = body.get(indent + 2..).unwrap_or_default();
            let _ = write!(out, "{pad}- {body}");
        }
        _ => {
            let _ = writeln!(out, "{pad}- {flat}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_proto::v1::{
        attika_action, game_action, game_event, origin_action, terra_nova_event, AttikaAction,
        AttikaHex, GameAction, GameEvent, OriginAction, OriginPawn, OriginPawnColor,
        TerraNovaBuilding, TerraNovaEvent,
    };

    /// A message with every field filled: the last kind of a choice (so that earlier kinds
    /// cannot hide it), scalars not at their defaults, enums at their last value, one-element
    /// lists; nested messages two levels deep.
    fn sample(desc: &MessageDescriptor, depth: u32) -> DynamicMessage {
        let mut message = DynamicMessage::new(desc.clone());
        let fields: Vec<FieldDescriptor> = if is_choice(desc) {
            desc.fields().last().into_iter().collect()
        } else {
            desc.fields().collect()
        };
        for field in fields {
            let one = match field.kind() {
                Kind::Message(_) if depth == 0 => continue,
                Kind::Message(m) => Value::Message(sample(&m, depth - 1)),
                Kind::Enum(e) => {
                    Value::EnumNumber(e.values().last().map(|v| v.number()).unwrap_or(0))
                }
                Kind::Bool => Value::Bool(true),
                Kind::String => Value::String("E4".into()),
                Kind::Uint32 | Kind::Fixed32 => Value::U32(3),
                Kind::Int32 | Kind::Sint32 | Kind::Sfixed32 => Value::I32(-2),
                Kind::Uint64 | Kind::Fixed64 => Value::U64(5),
                Kind::Int64 | Kind::Sint64 | Kind::Sfixed64 => Value::I64(-5),
                Kind::Float => Value::F32(1.5),
                Kind::Double => Value::F64(2.5),
                Kind::Bytes => Value::Bytes(vec![1, 2].into()),
            };
            if field.is_map() {
                continue;
            }
            let value = if field.is_list() {
                Value::List(vec![one])
            } else {
                one
            };
            message.set_field(&field, value);
        }
        message
    }

    /// The game messages of a wrapper (`agora.v1.GameAction`), one per game.
    fn game_messages(wrapper: &str) -> Vec<(String, MessageDescriptor)> {
        schema::game_ids()
            .expect("descriptor")
            .into_iter()
            .map(|id| {
                let field = schema::game_field(wrapper, &id).expect("game field");
                let desc = field.kind().as_message().cloned().expect("message");
                (id, desc)
            })
            .collect()
    }

    /// No enum value shows its type prefix or its number, and every shown field is named.
    fn assert_readable(text: &str, message: &DynamicMessage) {
        for (field, _) in message.fields() {
            if !is_choice(&message.descriptor()) {
                assert!(
                    text.contains(field.name()),
                    "{} missing in {text}",
                    field.name()
                );
            }
        }
        assert!(!text.contains("_UNSPECIFIED"), "{text}");
        for word in text.split(|c: char| !c.is_ascii_alphanumeric() && c != '_') {
            assert!(
                word.is_empty() || word.chars().any(|c| !c.is_ascii_uppercase() && c != '_'),
                "an enum's full name in {text}"
            );
        }
    }

    #[test]
    fn every_game_action_and_event_reads_as_its_kind_and_fields() {
        for wrapper in [schema::ACTION, "agora.v1.GameEvent"] {
            for (id, desc) in game_messages(wrapper) {
                assert!(is_choice(&desc), "{id}: {} is not a choice", desc.name());
                for kind in desc.fields() {
                    let mut message = DynamicMessage::new(desc.clone());
                    let value = match kind.kind() {
                        Kind::Message(m) => Value::Message(sample(&m, 2)),
                        _ => continue,
                    };
                    message.set_field(&kind, value.clone());
                    let text = line(&message, Shown::All);
                    assert!(
                        text.starts_with(kind.name()),
                        "{id}: {text} does not start with {}",
                        kind.name()
                    );
                    if let Value::Message(inner) = &value {
                        assert_readable(&text, inner);
                    }
                }
            }
        }
    }

    #[test]
    fn every_game_view_and_options_render_every_field() {
        for wrapper in ["agora.v1.GameView", schema::OPTIONS] {
            for (id, desc) in game_messages(wrapper) {
                let message = sample(&desc, 3);
                let text = tree(&message);
                for field in desc.fields() {
                    if message.has_field(&field) {
                        assert!(
                            text.lines()
                                .any(|l| l.trim_start().starts_with(&format!("{}:", field.name()))),
                            "{id}: no line for {} in\n{text}",
                            field.name()
                        );
                    }
                }
                assert!(text.lines().all(|l| l.len() <= WIDTH + 40), "{id}:\n{text}");
                assert_readable(&text, &message);
            }
        }
    }

    fn action_text(action: GameAction) -> String {
        game_line(schema::ACTION, &action, Shown::All)
    }

    #[test]
    fn actions_read_as_a_player_would_type_them() {
        let evolve = GameAction {
            game: Some(game_action::Game::Origin(OriginAction {
                action: Some(origin_action::Action::Evolve(origin_action::Evolve {
                    target: "T12".into(),
                    reference: "T3".into(),
                    pawn: Some(OriginPawn {
                        size: 2,
                        strength: 1,
                        color: OriginPawnColor::Brown as i32,
                    }),
                })),
            })),
        };
        assert_eq!(
            action_text(evolve),
            "evolve target=T12 reference=T3 pawn={size=2 strength=1 color=brown}"
        );
        let draw = GameAction {
            game: Some(game_action::Game::Attika(AttikaAction {
                action: Some(attika_action::Action::Draw(attika_action::Draw { pile: 0 })),
            })),
        };
        assert_eq!(action_text(draw), "draw pile=0");
        let place = GameAction {
            game: Some(game_action::Game::Attika(AttikaAction {
                action: Some(attika_action::Action::Place(attika_action::Place {
                    cell: Some(AttikaHex { q: -1, r: 2 }),
                })),
            })),
        };
        assert_eq!(action_text(place), "place cell={q=-1 r=2}");
        let end = GameAction {
            game: Some(game_action::Game::Origin(OriginAction {
                action: Some(origin_action::Action::EndTurn(origin_action::EndTurn {})),
            })),
        };
        assert_eq!(action_text(end), "end_turn");
        assert_eq!(action_text(GameAction { game: None }), "(no game)");
    }

    #[test]
    fn events_name_enum_values_without_their_prefix() {
        let built = GameEvent {
            game: Some(game_event::Game::TerraNova(TerraNovaEvent {
                event: Some(terra_nova_event::Event::Built(terra_nova_event::Built {
                    seat: 1,
                    hex: "E4".into(),
                    building: TerraNovaBuilding::TradingPost as i32,
                })),
            })),
        };
        assert_eq!(
            game_line("agora.v1.GameEvent", &built, Shown::All),
            "built seat=1 hex=E4 building=trading_post"
        );
    }

    #[test]
    fn strings_are_quoted_only_when_they_would_not_read_as_one_word() {
        assert_eq!(text("A01"), "A01");
        assert_eq!(text(""), "\"\"");
        assert_eq!(text("two words"), "\"two words\"");
        assert_eq!(text("a=b"), "\"a=b\"");
    }
}
