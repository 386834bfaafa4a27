//! What the protocol fuzzer sends: request bodies for every GameService method, from
//! random bytes to well-formed messages with hostile values, and the token sent with
//! them. Well-formed messages are built with the prost types; the rest is edited at the
//! protobuf wire level (varints swapped for extremes, lengths and wire types broken,
//! fields repeated, groups nested thousands deep), so every decoder path is reached.

use crate::raw_call::Method;
use agora_proto::v1 as pb;
use prost::bytes::{Buf, Bytes};
use prost::encoding::{decode_key, decode_varint, encode_key, encode_varint, WireType};
use prost::Message;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::Rng;

/// Real things the fuzzer mixes in, so that requests also get past the first checks:
/// started sessions with their seat tokens, legal actions, and every configuration's
/// options.
#[derive(Debug, Clone, Default)]
pub struct Fixture {
    /// (session id, seat tokens by seat).
    pub sessions: Vec<(String, Vec<String>)>,
    /// Actions that were legal in some fixture session.
    pub actions: Vec<pb::GameAction>,
    pub options: Vec<pb::GameOptions>,
    pub game_ids: Vec<String>,
}

/// One request to send.
#[derive(Debug, Clone)]
pub struct FuzzRequest {
    pub method: Method,
    pub body: Bytes,
    pub token: Option<String>,
    /// How the body was made, for the report.
    pub kind: &'static str,
}

/// Bodies beyond the server's default 1 MiB message limit.
const HUGE: usize = (1 << 20) + 1024;

pub fn request(rng: &mut StdRng, fixture: &Fixture, allow_huge: bool) -> FuzzRequest {
    let method = *Method::ALL.choose(rng).unwrap_or(&Method::ListGames);
    let (kind, body) = match rng.random_range(0..100) {
        0..15 => ("random-bytes", random_bytes(rng)),
        15..55 => (
            "typed",
            typed(rng, method, fixture, allow_huge).encode_to_vec(),
        ),
        55..85 => {
            let mut body = typed(rng, method, fixture, false).encode_to_vec();
            for _ in 0..rng.random_range(1..4) {
                body = mutate(rng, &body);
            }
            ("mutated", body)
        }
        _ => ("nested", nested(rng, method, fixture)),
    };
    FuzzRequest {
        method,
        body: Bytes::from(body),
        token: token(rng, fixture),
        kind,
    }
}

fn random_bytes(rng: &mut StdRng) -> Vec<u8> {
    let len = if rng.random_bool(0.05) {
        rng.random_range(256..8192)
    } else {
        rng.random_range(0..64)
    };
    (0..len).map(|_| rng.random()).collect()
}

fn token(rng: &mut StdRng, fixture: &Fixture) -> Option<String> {
    let real = fixture
        .sessions
        .choose(rng)
        .and_then(|(_, tokens)| tokens.choose(rng).cloned());
    match rng.random_range(0..10) {
        0..3 => None,
        3..7 => real,
        7 => Some(uuid::Uuid::new_v4().to_string()),
        8 => Some(text(rng, 64)),
        _ => Some("x".repeat(rng.random_range(1000..7000))),
    }
}

/// Printable junk, multi-byte characters included.
fn text(rng: &mut StdRng, max: usize) -> String {
    const ALPHABET: &[char] = &[
        'a',
        'Z',
        '0',
        '-',
        ' ',
        '/',
        '\u{e9}',
        '\u{4e16}',
        '\u{1f3b2}',
        '\u{0}',
        '\u{202e}',
        '{',
        '%',
    ];
    let len = rng.random_range(0..=max);
    (0..len)
        .map(|_| *ALPHABET.choose(rng).unwrap_or(&'a'))
        .collect()
}

fn string(rng: &mut StdRng, real: Option<&str>, allow_huge: bool) -> String {
    match rng.random_range(0..10) {
        0..4 => real.map(str::to_string).unwrap_or_default(),
        4 => String::new(),
        5 => uuid::Uuid::new_v4().to_string(),
        6 => text(rng, 40),
        7 => "a".repeat(rng.random_range(100..5000)),
        8 if allow_huge => "h".repeat(HUGE),
        _ => format!("{}\u{0}", real.unwrap_or("")),
    }
}

fn number(rng: &mut StdRng) -> u64 {
    *[
        0,
        1,
        2,
        3,
        4,
        5,
        7,
        99,
        255,
        256,
        65_536,
        u32::MAX as u64,
        i32::MAX as u64,
        u64::MAX,
        rng.random(),
    ]
    .choose(rng)
    .unwrap_or(&0)
}

fn session_id(rng: &mut StdRng, fixture: &Fixture, allow_huge: bool) -> String {
    let real = fixture.sessions.choose(rng).map(|(id, _)| id.as_str());
    string(rng, real, allow_huge)
}

fn action(rng: &mut StdRng, fixture: &Fixture) -> Option<pb::GameAction> {
    match rng.random_range(0..10) {
        0 => None,
        1 => Some(pb::GameAction { game: None }),
        _ => fixture.actions.choose(rng).cloned(),
    }
}

fn options(rng: &mut StdRng, fixture: &Fixture) -> Option<pb::GameOptions> {
    match rng.random_range(0..10) {
        0 => None,
        1 => Some(pb::GameOptions { game: None }),
        _ => fixture.options.choose(rng).cloned(),
    }
}

/// A well-formed request of `method` with random, often hostile, field values.
fn typed(
    rng: &mut StdRng,
    method: Method,
    fixture: &Fixture,
    allow_huge: bool,
) -> Box<dyn DynMessage> {
    match method {
        Method::ListGames => Box::new(pb::ListGamesRequest {}),
        Method::CreateSession => Box::new(pb::CreateSessionRequest {
            options: options(rng, fixture),
            seed: rng.random_bool(0.5).then(|| number(rng)),
            request_id: string(rng, None, allow_huge),
            ..Default::default()
        }),
        Method::GetSession => Box::new(pb::GetSessionRequest {
            session_id: session_id(rng, fixture, allow_huge),
        }),
        Method::ListSessions => Box::new(pb::ListSessionsRequest {
            game_id: {
                let real = fixture.game_ids.choose(rng).cloned();
                string(rng, real.as_deref(), allow_huge)
            },
            include_full: rng.random(),
            page_size: number(rng) as u32,
        }),
        Method::JoinSession => Box::new(pb::JoinSessionRequest {
            session_id: session_id(rng, fixture, allow_huge),
            seat: rng.random_bool(0.7).then(|| number(rng) as u32),
            player_name: string(rng, Some("fuzz"), allow_huge),
            request_id: string(rng, None, allow_huge),
        }),
        Method::GetState => Box::new(pb::GetStateRequest {
            session_id: session_id(rng, fixture, allow_huge),
        }),
        Method::ListLegalActions => Box::new(pb::ListLegalActionsRequest {
            session_id: session_id(rng, fixture, allow_huge),
        }),
        Method::SubmitAction => Box::new(pb::SubmitActionRequest {
            session_id: session_id(rng, fixture, allow_huge),
            action: action(rng, fixture),
            expected_version: rng.random_bool(0.5).then(|| number(rng)),
            request_id: string(rng, None, allow_huge),
        }),
        Method::StreamEvents => Box::new(pb::StreamEventsRequest {
            session_id: session_id(rng, fixture, allow_huge),
            after_version: number(rng),
        }),
    }
}

/// Object-safe encoding of any request type.
trait DynMessage {
    fn encode_to_vec(&self) -> Vec<u8>;
}

impl<M: Message> DynMessage for M {
    fn encode_to_vec(&self) -> Vec<u8> {
        Message::encode_to_vec(self)
    }
}

/// One top-level field of a message, as found on the wire.
#[derive(Debug, Clone)]
enum Field {
    Varint(u32, u64),
    Fixed64(u32, [u8; 8]),
    Fixed32(u32, [u8; 4]),
    Bytes(u32, Vec<u8>),
}

/// The fields of `body` if it is a well-formed message without groups.
fn parse(mut body: &[u8]) -> Option<Vec<Field>> {
    let mut fields = Vec::new();
    while body.has_remaining() {
        let (tag, wire) = decode_key(&mut body).ok()?;
        let field = match wire {
            WireType::Varint => Field::Varint(tag, decode_varint(&mut body).ok()?),
            WireType::SixtyFourBit if body.remaining() >= 8 => {
                let mut b = [0; 8];
                body.copy_to_slice(&mut b);
                Field::Fixed64(tag, b)
            }
            WireType::ThirtyTwoBit if body.remaining() >= 4 => {
                let mut b = [0; 4];
                body.copy_to_slice(&mut b);
                Field::Fixed32(tag, b)
            }
            WireType::LengthDelimited => {
                let len = usize::try_from(decode_varint(&mut body).ok()?).ok()?;
                if len > body.remaining() {
                    return None;
                }
                let value = body[..len].to_vec();
                body.advance(len);
                Field::Bytes(tag, value)
            }
            _ => return None,
        };
        fields.push(field);
    }
    Some(fields)
}

fn encode(fields: &[Field]) -> Vec<u8> {
    let mut out = Vec::new();
    for field in fields {
        match field {
            Field::Varint(tag, v) => {
                encode_key(*tag, WireType::Varint, &mut out);
                encode_varint(*v, &mut out);
            }
            Field::Fixed64(tag, b) => {
                encode_key(*tag, WireType::SixtyFourBit, &mut out);
                out.extend_from_slice(b);
            }
            Field::Fixed32(tag, b) => {
                encode_key(*tag, WireType::ThirtyTwoBit, &mut out);
                out.extend_from_slice(b);
            }
            Field::Bytes(tag, v) => {
                encode_key(*tag, WireType::LengthDelimited, &mut out);
                encode_varint(v.len() as u64, &mut out);
                out.extend_from_slice(v);
            }
        }
    }
    out
}

/// Every varint anywhere in the message (nested messages included) replaced by an
/// extreme or random value with probability `p`: out-of-range enums, seats, counts.
fn mutate_varints(rng: &mut StdRng, body: &[u8], p: f64, depth: usize) -> Vec<u8> {
    let Some(mut fields) = parse(body) else {
        return body.to_vec();
    };
    for field in &mut fields {
        match field {
            Field::Varint(_, v) if rng.random_bool(p) => *v = number(rng),
            Field::Bytes(_, v) if depth < 16 && !v.is_empty() => {
                *v = mutate_varints(rng, v, p, depth + 1)
            }
            _ => {}
        }
    }
    encode(&fields)
}

/// One structural or byte-level change to a body.
fn mutate(rng: &mut StdRng, body: &[u8]) -> Vec<u8> {
    let mut out = body.to_vec();
    match rng.random_range(0..9) {
        0 => return mutate_varints(rng, body, 0.3, 0),
        1 if !out.is_empty() => {
            let i = rng.random_range(0..out.len());
            out[i] ^= 1 << rng.random_range(0..8);
        }
        2 if !out.is_empty() => out.truncate(rng.random_range(0..out.len())),
        3 => {
            let at = rng.random_range(0..=out.len());
            let junk: Vec<u8> = (0..rng.random_range(1..8)).map(|_| rng.random()).collect();
            out.splice(at..at, junk);
        }
        4 => {
            // An unknown field, of any wire type, possibly with a lying length.
            let tag = rng.random_range(1..536_870_911);
            encode_key(tag, WireType::LengthDelimited, &mut out);
            encode_varint(number(rng), &mut out);
            out.extend((0..rng.random_range(0..16)).map(|_| rng.random::<u8>()));
        }
        5 => {
            if let Some(mut fields) = parse(body) {
                // A field repeated many times: singular fields merge, strings replace.
                if let Some(field) = fields.choose(rng).cloned() {
                    for _ in 0..rng.random_range(2..200) {
                        fields.push(field.clone());
                    }
                }
                return encode(&fields);
            }
        }
        6 => {
            if let Some(mut fields) = parse(body) {
                // A known field number with the wrong wire type.
                for field in &mut fields {
                    if rng.random_bool(0.5) {
                        *field = match field.clone() {
                            Field::Varint(tag, v) => Field::Bytes(tag, v.to_le_bytes().to_vec()),
                            Field::Bytes(tag, v) => Field::Varint(tag, v.len() as u64),
                            Field::Fixed32(tag, b) => Field::Fixed64(tag, [b[0]; 8]),
                            Field::Fixed64(tag, b) => Field::Fixed32(tag, [b[0]; 4]),
                        };
                    }
                }
                return encode(&fields);
            }
        }
        7 => {
            // A length prefix that claims more than there is.
            let mut head = Vec::new();
            encode_key(rng.random_range(1..6), WireType::LengthDelimited, &mut head);
            encode_varint(out.len() as u64 + rng.random_range(1..1_000_000), &mut head);
            head.extend_from_slice(&out);
            return head;
        }
        _ => out.reverse(),
    }
    out
}

/// Deep or wide nesting: groups nested thousands deep (the decoder's recursion limit),
/// length-delimited fields nested in known message fields, or one oneof field repeated
/// with a different game each time.
fn nested(rng: &mut StdRng, method: Method, fixture: &Fixture) -> Vec<u8> {
    match rng.random_range(0..3) {
        0 => {
            let depth = rng.random_range(50..20_000);
            let tag = rng.random_range(1..8);
            let mut out = Vec::new();
            for _ in 0..depth {
                encode_key(tag, WireType::StartGroup, &mut out);
            }
            for _ in 0..depth {
                encode_key(tag, WireType::EndGroup, &mut out);
            }
            out
        }
        1 => {
            // field 2 of field 1 of field 2 ...: the known message fields (a request's
            // action or options) hold themselves again, then unknown fields.
            let depth = rng.random_range(2..2000);
            let mut inner = typed(rng, method, fixture, false).encode_to_vec();
            for _ in 0..depth {
                let mut outer = Vec::new();
                encode_key(
                    rng.random_range(1..4),
                    WireType::LengthDelimited,
                    &mut outer,
                );
                encode_varint(inner.len() as u64, &mut outer);
                outer.extend_from_slice(&inner);
                inner = outer;
            }
            inner
        }
        _ => {
            // SubmitActionRequest.action (field 2) repeated, each a GameAction of some
            // game: oneofs of different games merged into one message.
            let mut out = Vec::new();
            if let Some((id, _)) = fixture.sessions.choose(rng) {
                encode_key(1, WireType::LengthDelimited, &mut out);
                encode_varint(id.len() as u64, &mut out);
                out.extend_from_slice(id.as_bytes());
            }
            for _ in 0..rng.random_range(2..2000) {
                if let Some(action) = fixture.actions.choose(rng) {
                    let bytes = Message::encode_to_vec(action);
                    encode_key(2, WireType::LengthDelimited, &mut out);
                    encode_varint(bytes.len() as u64, &mut out);
                    out.extend_from_slice(&bytes);
                }
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn field_walker_round_trips_well_formed_messages() {
        let message = pb::SubmitActionRequest {
            session_id: "s".into(),
            action: Some(pb::GameAction { game: None }),
            expected_version: Some(7),
            request_id: "r".into(),
        };
        let body = Message::encode_to_vec(&message);
        let fields = parse(&body).expect("well formed");
        assert_eq!(fields.len(), 4);
        assert_eq!(encode(&fields), body);
    }

    #[test]
    fn varint_mutation_reaches_nested_fields_and_stays_well_formed() {
        let message = pb::CreateSessionRequest {
            options: Some(pb::GameOptions {
                game: Some(pb::game_options::Game::Origin(pb::OriginOptions {
                    players: 2,
                    rules: 1,
                    first_player: None,
                })),
            }),
            seed: None,
            request_id: String::new(),
            ..Default::default()
        };
        let body = Message::encode_to_vec(&message);
        let mut rng = StdRng::seed_from_u64(1);
        let changed = (0..50)
            .map(|_| mutate_varints(&mut rng, &body, 1.0, 0))
            .filter(|m| *m != body)
            .count();
        assert!(changed > 40, "nested varints are reached: {changed}/50");
        assert!(parse(&mutate_varints(&mut rng, &body, 1.0, 0)).is_some());
    }
}
