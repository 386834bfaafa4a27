//! Ancient Wonders tests: placeholder.
