//! The engine's integration tests, one binary: each file beside this one is a module, so
//! `cargo test` links the engine and its dependencies once instead of once per file.
//! Filter by module to run one group, e.g. `cargo test -p agora-engine --test engine attika_`.

// Helpers shared by several groups.
mod attika_common;
mod origin_support;
mod origins_common;
mod terra_nova_common;

mod attika_determinize;
mod attika_mutants;
mod attika_rules;
mod compat;
mod conformance;
mod conformance_stats;
mod determinization;
mod docs_rules;
mod mcts_bot;
mod origin_actions;
mod origin_cards;
mod origin_determinize;
mod origin_end;
mod origin_objectives;
mod origin_rewards;
mod origin_scoring;
mod origin_setup_view;
mod origin_smoke;
mod origin_tables;
mod origins_aquarius;
mod origins_buildings;
mod origins_challenges;
mod origins_determinize;
mod origins_end;
mod origins_military;
mod origins_mutants;
mod origins_packing;
mod origins_props;
mod origins_refusals;
mod origins_rules;
mod origins_towers;
mod origins_wonders;
mod pass;
mod terra_nova_choices;
mod terra_nova_data;
mod terra_nova_notation;
mod terra_nova_props;
mod terra_nova_readings;
mod terra_nova_refusals;
mod terra_nova_rules;
