//! Proto messages as protobuf JSON (field names as in the .proto) through the API's own
//! descriptor set, and generic edits of messages by field name, for the contract suite and
//! the golden playthroughs.

#![allow(dead_code)]

use prost::Message;
use prost_reflect::{
    DescriptorPool, DynamicMessage, MessageDescriptor, ReflectMessage, SerializeOptions, Value,
};
use std::sync::OnceLock;

fn pool() -> &'static DescriptorPool {
    static POOL: OnceLock<DescriptorPool> = OnceLock::new();
    POOL.get_or_init(|| {
        DescriptorPool::decode(agora_proto::v1::FILE_DESCRIPTOR_SET)
            .expect("the built-in descriptor set decodes")
    })
}

pub fn descriptor(full_name: &str) -> MessageDescriptor {
    pool()
        .get_message_by_name(full_name)
        .unwrap_or_else(|| panic!("the API has no message {full_name}"))
}

fn dynamic<M: Message>(full_name: &str, message: &M) -> DynamicMessage {
    DynamicMessage::decode(descriptor(full_name), message.encode_to_vec().as_slice())
        .unwrap_or_else(|e| panic!("{full_name} re-reads: {e}"))
}

/// `message` (of protobuf type `full_name`, e.g. `agora.v1.GameView`) as a JSON value.
pub fn to_json<M: Message>(full_name: &str, message: &M) -> serde_json::Value {
    let options = SerializeOptions::new().use_proto_field_name(true);
    dynamic(full_name, message)
        .serialize_with_options(serde_json::value::Serializer, &options)
        .unwrap_or_else(|e| panic!("{full_name} writes as JSON: {e}"))
}

/// `message` with the message set in its `oneof` replaced by an empty one of the same type
/// (`GameAction{origin: {end_turn: {}}}` becomes `GameAction{origin: {}}`).
pub fn emptied<M: Message + Default>(full_name: &str, message: &M) -> M {
    let mut outer = dynamic(full_name, message);
    let (field, _) = outer
        .fields()
        .next()
        .map(|(f, v)| (f, v.clone()))
        .unwrap_or_else(|| panic!("{full_name} has a field set"));
    let inner = field
        .kind()
        .as_message()
        .cloned()
        .unwrap_or_else(|| panic!("{} is a message", field.name()));
    outer.set_field(&field, Value::Message(DynamicMessage::new(inner)));
    M::decode(outer.encode_to_vec().as_slice()).expect("an emptied message decodes")
}

/// `message` (whose set field is a message, as `GameOptions{origin: {...}}`) with the
/// inner message's `name` field set to `value`; `None` when it has no such field.
pub fn with_inner_u32<M: Message + Default>(
    full_name: &str,
    message: &M,
    name: &str,
    value: u32,
) -> Option<M> {
    let mut outer = dynamic(full_name, message);
    let (field, inner) = outer.fields().next().map(|(f, v)| (f, v.clone()))?;
    let mut inner = inner.as_message()?.clone();
    let target = inner.descriptor().get_field_by_name(name)?;
    inner.set_field(&target, Value::U32(value));
    outer.set_field(&field, Value::Message(inner));
    M::decode(outer.encode_to_vec().as_slice()).ok()
}
