//! Terra Nova's proto messages <-> engine types: a shim over the engine's own conversions
//! (`agora_engine::terra_nova::wire`), kept until the dispatch is generated from the
//! registry. A field error becomes INVALID_ARGUMENT with a `BadRequest` detail.

use crate::api::errors::field;
use agora_engine::terra_nova::{Action, Event, Options, View};
use agora_proto::v1 as pb;
use tonic::Status;

pub fn options_in(options: &pb::TerraNovaOptions) -> Result<Options, Status> {
    Options::try_from(options).map_err(|v| field(v.scope("options.terra_nova")))
}

pub fn options_out(options: &Options) -> pb::TerraNovaOptions {
    options.into()
}

pub fn action_in(action: &pb::TerraNovaAction) -> Result<Action, Status> {
    Action::try_from(action).map_err(|v| field(v.scope("action.terra_nova")))
}

pub fn action_out(action: &Action) -> pb::TerraNovaAction {
    action.into()
}

pub fn event_out(event: &Event) -> pb::TerraNovaEvent {
    event.into()
}

pub fn view_out(view: &View) -> pb::TerraNovaView {
    view.into()
}
