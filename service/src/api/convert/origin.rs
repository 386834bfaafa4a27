//! Origin's proto messages <-> engine types: a shim over the engine's `origin::wire`
//! (`From`/`TryFrom` beside the game's types) until the registry generates this dispatch.

use crate::api::errors::field;
use agora_engine::origin::{Action, Event, Options, View};
use agora_proto::v1 as pb;
use tonic::Status;

pub fn options_in(options: &pb::OriginOptions) -> Result<Options, Status> {
    Options::try_from(options).map_err(|e| field(e.scope("options.origin")))
}

pub fn options_out(options: &Options) -> pb::OriginOptions {
    options.into()
}

pub fn action_in(action: &pb::OriginAction) -> Result<Action, Status> {
    Action::try_from(action).map_err(|e| field(e.scope("action.origin")))
}

pub fn action_out(action: &Action) -> pb::OriginAction {
    action.into()
}

pub fn event_out(event: &Event) -> pb::OriginEvent {
    event.into()
}

pub fn view_out(view: &View) -> pb::OriginView {
    view.into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pb::origin_action as pa;

    #[test]
    fn unknown_codes_are_invalid_arguments_naming_the_field() {
        let action = pb::OriginAction {
            action: Some(pa::Action::Migrate(pa::Migrate {
                from: "XX9".into(),
                to: "AF2".into(),
            })),
        };
        let status = action_in(&action).unwrap_err();
        assert_eq!(status.code(), tonic::Code::InvalidArgument);
        assert!(status.message().starts_with("action.origin.migrate.from: "));
        assert!(status.message().contains("XX9"));
        let empty = pb::OriginAction { action: None };
        assert_eq!(
            action_in(&empty).unwrap_err().code(),
            tonic::Code::InvalidArgument
        );
    }
}
