#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    agora_engine_fuzz::legal_iff_accepted::<agora_engine::first_builders::FirstBuilders>(data);
});
