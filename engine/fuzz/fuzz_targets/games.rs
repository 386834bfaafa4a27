#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    agora_engine_fuzz::any_game(data);
});
