//! Origins: First Builders on the wire: a shim over the engine's own conversions
//! (`agora_engine::first_builders::wire`), kept until the registry generates the dispatch.

use crate::api::errors::field;
use agora_engine::first_builders::{Action, Event, Options, View};
use agora_proto::v1 as pb;
use tonic::Status;

pub fn options_in(options: &pb::OriginsOptions) -> Result<Options, Status> {
    Options::try_from(options).map_err(|e| field(e.scope("options.origins")))
}

pub fn options_out(options: &Options) -> pb::OriginsOptions {
    options.into()
}

pub fn action_in(action: &pb::OriginsAction) -> Result<Action, Status> {
    Action::try_from(action).map_err(|e| field(e.scope("action.origins")))
}

pub fn action_out(action: &Action) -> pb::OriginsAction {
    action.into()
}

pub fn event_out(event: &Event) -> pb::OriginsEvent {
    event.into()
}

pub fn view_out(view: &View) -> pb::OriginsView {
    view.into()
}
