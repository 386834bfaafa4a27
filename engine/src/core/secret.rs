//! What only one seat may see: the vocabulary of the redaction checks (engine conformance
//! suite, API contract suite). A game lists its seats' secrets in [`crate::Game::secrets`];
//! the checks look for them in every other viewer's serialized view and events.

use crate::{Seat, Viewer};
use serde::Serialize;
use serde_json::Value;

/// One value private to a seat now, located where a leak would show it: under `field` of a
/// serialized object that names that seat as its holder ([`HOLDER_FIELDS`]: its player
/// view, one of its events). Bare numbers (card ids, token values) are only distinctive in
/// that place, so the check matches there and nowhere else.
#[derive(Debug, Clone, PartialEq)]
pub struct Secret {
    /// The serde field name (`"hand"`, `"cards"`, `"value"`).
    pub field: &'static str,
    /// The value as serde writes it: a field holding it, or a list or tuple anywhere
    /// under the field holding it, leaks it.
    pub value: Value,
    /// The wire spelling when it is a code distinctive anywhere in proto bytes (Origin's
    /// card `"O17"`), for byte checks at API level.
    pub code: Option<String>,
}

impl Secret {
    pub fn new(field: &'static str, value: impl Serialize) -> Self {
        Secret {
            field,
            // Values private to a seat are ids, counts and codes: they always serialize.
            value: serde_json::to_value(value).unwrap_or(Value::Null),
            code: None,
        }
    }

    /// The same secret, spelled `code` on the wire.
    pub fn with_code(mut self, code: impl Into<String>) -> Self {
        self.code = Some(code.into());
        self
    }
}

/// The fields that name the seat an object belongs to: `seat` (a player's view, most
/// events) and `to` (an event moving a private item to its new holder, such as Origin's
/// stolen card).
const HOLDER_FIELDS: [&str; 2] = ["seat", "to"];

/// The field that names the seat a private item moved away from: that seat held it, so the
/// event may show it the item.
const GIVER_FIELD: &str = "from";

/// The first of `owner`'s `secrets` found in `json`, the serialized view or events that
/// `viewer` receives (another viewer than `owner`): a description of the leak, or `None`
/// when none shows.
pub fn find_leak(json: &Value, owner: Seat, secrets: &[Secret], viewer: Viewer) -> Option<String> {
    match json {
        Value::Object(fields) => {
            let names = |field: &str, seat: Seat| fields.get(field) == Some(&Value::from(seat.0));
            let owned = HOLDER_FIELDS.iter().any(|f| names(f, owner));
            let given_by_viewer = matches!(viewer, Viewer::Seat(v) if names(GIVER_FIELD, v));
            if owned && !given_by_viewer {
                for secret in secrets {
                    if let Some(held) = fields.get(secret.field) {
                        if holds(held, &secret.value) {
                            return Some(format!(
                                "{owner}'s {} {} shows in {}",
                                secret.field,
                                secret.value,
                                abbreviated(json)
                            ));
                        }
                    }
                }
            }
            fields
                .values()
                .find_map(|v| find_leak(v, owner, secrets, viewer))
        }
        Value::Array(items) => items
            .iter()
            .find_map(|v| find_leak(v, owner, secrets, viewer)),
        _ => None,
    }
}

/// True when `held` is `value` or a list holding it at any depth.
fn holds(held: &Value, value: &Value) -> bool {
    held == value
        || match held {
            Value::Array(items) => items.iter().any(|v| holds(v, value)),
            _ => false,
        }
}

fn abbreviated(json: &Value) -> String {
    let text = json.to_string();
    match text.char_indices().nth(200) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_secret_shows_only_under_its_field_in_its_seats_object() {
        let secrets = [
            Secret::new("hand", ["Purple", "17"]),
            Secret::new("value", 3),
        ];
        let leaked = json!({"players": [{"seat": 1, "hand": [["Purple", "17"]]}]});
        assert!(find_leak(&leaked, Seat(1), &secrets, Viewer::Spectator).is_some());
        let redacted = json!({"players": [{"seat": 1, "hand": [["Purple", null]]}]});
        assert_eq!(
            find_leak(&redacted, Seat(1), &secrets, Viewer::Spectator),
            None
        );
        // The same value held by another seat, or in a public field, is no leak.
        let elsewhere = json!({"players": [{"seat": 0, "hand": [["Purple", "17"]], "value": 3}],
                               "board": {"value": 3}});
        assert_eq!(
            find_leak(&elsewhere, Seat(1), &secrets, Viewer::Spectator),
            None
        );
        let event = json!({"HuntingTokenTaken": {"seat": 1, "territory": 4, "value": 3}});
        assert!(find_leak(&event, Seat(1), &secrets, Viewer::Spectator).is_some());
    }

    #[test]
    fn a_card_moved_to_a_seat_is_that_seats_secret() {
        let secrets = [Secret::new("card", 17)];
        let stolen = json!({"CardStolen": {"from": 0, "to": 1, "card": 17}});
        assert!(find_leak(&stolen, Seat(1), &secrets, Viewer::Seat(Seat(2))).is_some());
        // The seat it was taken from held it: showing it to that seat leaks nothing.
        assert_eq!(
            find_leak(&stolen, Seat(1), &secrets, Viewer::Seat(Seat(0))),
            None
        );
        let redacted = json!({"CardStolen": {"from": 0, "to": 1, "card": null}});
        assert_eq!(
            find_leak(&redacted, Seat(1), &secrets, Viewer::Spectator),
            None
        );
    }
}
