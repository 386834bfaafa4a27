//! Builders for tests: readable positions on an [`OriginState`]. Not part of the API.

pub use super::state::OriginState;
