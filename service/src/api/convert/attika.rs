//! Attika's conversions live in the engine (`agora_engine::attika::wire`); this shim keeps
//! the names `convert/mod.rs` calls until the dispatch comes from the registry.

use crate::api::errors::field;
use agora_engine::attika::{Action, Event, Options, View};
use agora_proto::v1 as pb;
use tonic::Status;

pub fn options_in(options: &pb::AttikaOptions) -> Result<Options, Status> {
    Options::try_from(options).map_err(|e| field(e.scope("options.attika")))
}

pub fn options_out(options: &Options) -> pb::AttikaOptions {
    options.into()
}

pub fn action_in(action: &pb::AttikaAction) -> Result<Action, Status> {
    Action::try_from(action).map_err(|e| field(e.scope("action.attika")))
}

pub fn action_out(action: &Action) -> pb::AttikaAction {
    action.into()
}

pub fn event_out(event: &Event) -> pb::AttikaEvent {
    event.into()
}

pub fn view_out(view: &View) -> pb::AttikaView {
    view.into()
}
