//! Origin actions as JSON, for `agora submit --json` and `agora actions --json`.
//!
//! The form is the action's oneof field name with its fields, e.g.
//! `{"evolve": {"target": "AF3", "reference": "AF2", "pawn": {"size": 2, "strength": 1, "color": "white"}}}`
//! or `{"take_tile": {"slot": {"column": "yellow", "index": 1}}}`. An outer `{"origin": ...}`
//! is accepted, field names may be snake_case or lowerCamelCase (proto JSON), and enums may be
//! short names ("white", "A"), full proto names ("ORIGIN_PAWN_COLOR_WHITE") or numbers.

use agora_proto::v1::{
    origin_action::{self, Action},
    OriginAction, OriginPawn, OriginPawnColor, OriginRewardOption, OriginTileColumn,
    OriginTileSlot,
};
use serde_json::{json, Map, Value};

use crate::render::{column_name, pawn_color_name, reward_option_name};

fn pawn_json(pawn: Option<&OriginPawn>) -> Value {
    match pawn {
        Some(p) => {
            json!({"size": p.size, "strength": p.strength, "color": pawn_color_name(p.color)})
        }
        None => Value::Null,
    }
}

fn slot_json(slot: Option<&OriginTileSlot>) -> Value {
    match slot {
        Some(s) => json!({"column": column_name(s.column), "index": s.index}),
        None => Value::Null,
    }
}

/// The JSON form of an action (accepted back by [`action_from_json`]).
pub fn action_to_json(action: &OriginAction) -> Value {
    let Some(action) = &action.action else {
        return json!({});
    };
    match action {
        Action::KeepObjective(a) => json!({"keep_objective": {"card": a.card}}),
        Action::Evolve(a) => {
            json!({"evolve": {"target": a.target, "reference": a.reference, "pawn": pawn_json(a.pawn.as_ref())}})
        }
        Action::Migrate(a) => json!({"migrate": {"from": a.from, "to": a.to}}),
        Action::Exchange(a) => json!({"exchange": {"from": a.from, "to": a.to}}),
        Action::PassMain(_) => json!({"pass_main": {}}),
        Action::ChooseReward(a) => {
            json!({"choose_reward": {"option": reward_option_name(a.option)}})
        }
        Action::TakeTile(a) => json!({"take_tile": {"slot": slot_json(a.slot.as_ref())}}),
        Action::SkipTile(_) => json!({"skip_tile": {}}),
        Action::ReturnCard(a) => json!({"return_card": {"card": a.card}}),
        Action::DiscardObjective(a) => json!({"discard_objective": {"card": a.card}}),
        Action::PlayCard(a) => json!({"play_card": {"card": a.card}}),
        Action::ChooseOpponent(a) => json!({"choose_opponent": {"seat": a.seat}}),
        Action::ChooseTerritory(a) => json!({"choose_territory": {"territory": a.territory}}),
        Action::ChoosePawn(a) => json!({"choose_pawn": {"pawn": pawn_json(a.pawn.as_ref())}}),
        Action::ChooseStraitToken(a) => {
            json!({"choose_strait_token": {"seat": a.seat, "strait": a.strait}})
        }
        Action::ChooseOpponentTile(a) => {
            json!({"choose_opponent_tile": {"seat": a.seat, "tile": a.tile}})
        }
        Action::EndTurn(_) => json!({"end_turn": {}}),
    }
}

fn snake(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// An object's fields with snake_case keys.
struct Fields<'a> {
    what: &'a str,
    map: Map<String, Value>,
}

impl<'a> Fields<'a> {
    fn new(what: &'a str, value: &Value) -> Result<Self, String> {
        match value {
            Value::Object(obj) => Ok(Fields {
                what,
                map: obj.iter().map(|(k, v)| (snake(k), v.clone())).collect(),
            }),
            Value::Null => Ok(Fields {
                what,
                map: Map::new(),
            }),
            other => Err(format!("{what}: expected an object, got {other}")),
        }
    }

    fn get(&self, key: &str) -> Result<&Value, String> {
        self.map
            .get(key)
            .ok_or_else(|| format!("{}: missing field \"{key}\"", self.what))
    }

    fn string(&self, key: &str) -> Result<String, String> {
        match self.get(key)? {
            Value::String(s) => Ok(s.clone()),
            other => Err(format!(
                "{}: field \"{key}\" must be a string, got {other}",
                self.what
            )),
        }
    }

    fn uint(&self, key: &str) -> Result<u32, String> {
        let value = self.get(key)?;
        value
            .as_u64()
            .or_else(|| value.as_str().and_then(|s| s.parse().ok()))
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| {
                format!(
                    "{}: field \"{key}\" must be a non-negative integer, got {value}",
                    self.what
                )
            })
    }
}

/// Parses an enum given as a number, a full proto name or a short name.
fn enumeration(
    what: &str,
    value: &Value,
    prefix: &str,
    from_str_name: fn(&str) -> Option<i32>,
) -> Result<i32, String> {
    if let Some(n) = value.as_i64() {
        return i32::try_from(n).map_err(|_| format!("{what}: {n} is out of range"));
    }
    let Some(text) = value.as_str() else {
        return Err(format!("{what}: expected a name or a number, got {value}"));
    };
    let upper = text.to_ascii_uppercase();
    from_str_name(&upper)
        .or_else(|| from_str_name(&format!("{prefix}{upper}")))
        .ok_or_else(|| format!("{what}: unknown value {text:?}"))
}

fn pawn_from(value: &Value) -> Result<OriginPawn, String> {
    let f = Fields::new("pawn", value)?;
    let color = enumeration("pawn color", f.get("color")?, "ORIGIN_PAWN_COLOR_", |s| {
        OriginPawnColor::from_str_name(s).map(|c| c as i32)
    })?;
    Ok(OriginPawn {
        size: f.uint("size")?,
        strength: f.uint("strength")?,
        color,
    })
}

fn slot_from(value: &Value) -> Result<OriginTileSlot, String> {
    let f = Fields::new("slot", value)?;
    let column = enumeration(
        "tile column",
        f.get("column")?,
        "ORIGIN_TILE_COLUMN_",
        |s| OriginTileColumn::from_str_name(s).map(|c| c as i32),
    )?;
    Ok(OriginTileSlot {
        column,
        index: f.uint("index")?,
    })
}

/// Parses the JSON form of an Origin action.
pub fn action_from_json(value: &Value) -> Result<OriginAction, String> {
    let Value::Object(obj) = value else {
        return Err("an action must be a JSON object such as {\"end_turn\": {}}".into());
    };
    if obj.len() == 1 {
        if let Some(inner) = obj.get("origin") {
            return action_from_json(inner);
        }
    }
    if let Some(inner) = obj.get("action").filter(|_| obj.len() == 1) {
        return action_from_json(inner);
    }
    if obj.len() != 1 {
        return Err(format!(
            "an action must have exactly one field (its kind), got {}",
            obj.len()
        ));
    }
    let Some((kind, body)) = obj.iter().next() else {
        return Err("empty action".into());
    };
    let kind = snake(kind);
    let f = Fields::new(&kind, body)?;
    use origin_action as oa;
    let action = match kind.as_str() {
        "keep_objective" => Action::KeepObjective(oa::KeepObjective {
            card: f.string("card")?,
        }),
        "evolve" => Action::Evolve(oa::Evolve {
            target: f.string("target")?,
            reference: f.string("reference")?,
            pawn: Some(pawn_from(f.get("pawn")?)?),
        }),
        "migrate" => Action::Migrate(oa::Migrate {
            from: f.string("from")?,
            to: f.string("to")?,
        }),
        "exchange" => Action::Exchange(oa::Exchange {
            from: f.string("from")?,
            to: f.string("to")?,
        }),
        "pass_main" => Action::PassMain(oa::PassMain {}),
        "choose_reward" => Action::ChooseReward(oa::ChooseReward {
            option: enumeration(
                "reward option",
                f.get("option")?,
                "ORIGIN_REWARD_OPTION_",
                |s| OriginRewardOption::from_str_name(s).map(|c| c as i32),
            )?,
        }),
        "take_tile" => Action::TakeTile(oa::TakeTile {
            slot: Some(slot_from(f.get("slot")?)?),
        }),
        "skip_tile" => Action::SkipTile(oa::SkipTile {}),
        "return_card" => Action::ReturnCard(oa::ReturnCard {
            card: f.string("card")?,
        }),
        "discard_objective" => Action::DiscardObjective(oa::DiscardObjective {
            card: f.string("card")?,
        }),
        "play_card" => Action::PlayCard(oa::PlayCard {
            card: f.string("card")?,
        }),
        "choose_opponent" => Action::ChooseOpponent(oa::ChooseOpponent {
            seat: f.uint("seat")?,
        }),
        "choose_territory" => Action::ChooseTerritory(oa::ChooseTerritory {
            territory: f.string("territory")?,
        }),
        "choose_pawn" => Action::ChoosePawn(oa::ChoosePawn {
            pawn: Some(pawn_from(f.get("pawn")?)?),
        }),
        "choose_strait_token" => Action::ChooseStraitToken(oa::ChooseStraitToken {
            seat: f.uint("seat")?,
            strait: f.string("strait")?,
        }),
        "choose_opponent_tile" => Action::ChooseOpponentTile(oa::ChooseOpponentTile {
            seat: f.uint("seat")?,
            tile: f.uint("tile")?,
        }),
        "end_turn" => Action::EndTurn(oa::EndTurn {}),
        other => return Err(format!("unknown Origin action {other:?}")),
    };
    Ok(OriginAction {
        action: Some(action),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_proto::v1::origin_action as oa;

    fn all_actions() -> Vec<OriginAction> {
        let pawn = Some(OriginPawn {
            size: 2,
            strength: 3,
            color: OriginPawnColor::Black as i32,
        });
        let slot = Some(OriginTileSlot {
            column: OriginTileColumn::Brown as i32,
            index: 4,
        });
        [
            Action::KeepObjective(oa::KeepObjective { card: "O13".into() }),
            Action::Evolve(oa::Evolve {
                target: "AF3".into(),
                reference: "AF2".into(),
                pawn,
            }),
            Action::Migrate(oa::Migrate {
                from: "AF2".into(),
                to: "EU1".into(),
            }),
            Action::Exchange(oa::Exchange {
                from: "AF2".into(),
                to: "EU1".into(),
            }),
            Action::PassMain(oa::PassMain {}),
            Action::ChooseReward(oa::ChooseReward {
                option: OriginRewardOption::B as i32,
            }),
            Action::TakeTile(oa::TakeTile { slot }),
            Action::SkipTile(oa::SkipTile {}),
            Action::ReturnCard(oa::ReturnCard { card: "A01".into() }),
            Action::DiscardObjective(oa::DiscardObjective { card: "O02".into() }),
            Action::PlayCard(oa::PlayCard { card: "P07".into() }),
            Action::ChooseOpponent(oa::ChooseOpponent { seat: 2 }),
            Action::ChooseTerritory(oa::ChooseTerritory {
                territory: "NA1".into(),
            }),
            Action::ChoosePawn(oa::ChoosePawn { pawn }),
            Action::ChooseStraitToken(oa::ChooseStraitToken {
                seat: 1,
                strait: "S4".into(),
            }),
            Action::ChooseOpponentTile(oa::ChooseOpponentTile { seat: 3, tile: 17 }),
            Action::EndTurn(oa::EndTurn {}),
        ]
        .into_iter()
        .map(|a| OriginAction { action: Some(a) })
        .collect()
    }

    #[test]
    fn every_action_round_trips_through_json() {
        for action in all_actions() {
            let json = action_to_json(&action);
            let back = action_from_json(&json).expect("parses");
            assert_eq!(back, action, "{json}");
            let text = crate::render::origin_action(&action, &Default::default());
            assert!(!text.contains("empty"), "{text}");
        }
    }

    #[test]
    fn accepts_proto_json_spellings() {
        let value: Value = serde_json::from_str(
            r#"{"origin": {"takeTile": {"slot": {"column": "ORIGIN_TILE_COLUMN_YELLOW", "index": 1}}}}"#,
        )
        .expect("json");
        let action = action_from_json(&value).expect("parses");
        assert_eq!(
            action.action,
            Some(Action::TakeTile(oa::TakeTile {
                slot: Some(OriginTileSlot {
                    column: OriginTileColumn::Yellow as i32,
                    index: 1
                })
            }))
        );
    }

    #[test]
    fn rejects_malformed_actions() {
        for text in [
            "[]",
            "{}",
            r#"{"fly": {}}"#,
            r#"{"migrate": {"from": "AF1"}}"#,
            r#"{"evolve": {"target": "A", "reference": "B", "pawn": {"size": 1, "strength": 1, "color": "pink"}}}"#,
            r#"{"choose_opponent": {"seat": -1}}"#,
        ] {
            let value: Value = serde_json::from_str(text).expect("json");
            assert!(action_from_json(&value).is_err(), "{text}");
        }
    }
}
