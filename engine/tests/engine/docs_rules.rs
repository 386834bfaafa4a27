//! The rules pages and the catalog agree: `docs/rules/<game id>.md` holds, between
//! `<!-- generated: engine/tests/engine/docs_rules.rs -->` and `<!-- end generated -->`, the
//! game's `GameInfo::provisional_data` exactly as `ListGames` answers it (one item a line),
//! so a page cannot call data final that the catalog flags, or the reverse. The rows behind
//! each item are in the block `scripts/check-rules.py` writes from the data files.
//! After an intended change: `AGORA_BLESS=1 cargo test -p agora-engine --test engine docs_rules`.

use agora_engine::registry::GameKind;
use std::path::PathBuf;

const BEGIN: &str = "<!-- generated: engine/tests/engine/docs_rules.rs -->";
const END: &str = "<!-- end generated -->";

fn page_path(id: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../docs/rules")
        .join(format!("{id}.md"))
}

/// The block as it must read for `id`'s catalog entry.
fn block(provisional: &[String]) -> Vec<String> {
    let mut lines = vec![
        BEGIN.to_string(),
        String::new(),
        "### What the catalog flags as provisional (generated)".to_string(),
        String::new(),
        "`ListGames` answers these items in this game's `provisional_data`, so clients can \
         tell players which component data is a placeholder:"
            .to_string(),
        String::new(),
    ];
    if provisional.is_empty() {
        lines.push("None.".to_string());
    }
    lines.extend(provisional.iter().map(|item| format!("- {item}")));
    lines.push(String::new());
    lines.push(END.to_string());
    lines
}

#[test]
fn rules_pages_list_the_catalogs_provisional_data() {
    let bless = std::env::var_os("AGORA_BLESS").is_some();
    let mut stale = Vec::new();
    for kind in GameKind::ALL {
        let info = kind.info();
        let path = page_path(info.id);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: every game needs a rules page ({e})", path.display()));
        let lines: Vec<String> = text.split('\n').map(str::to_string).collect();
        let start = lines
            .iter()
            .position(|l| l == BEGIN)
            .unwrap_or_else(|| panic!("{}: no `{BEGIN}` line", path.display()));
        let end = start
            + lines[start..]
                .iter()
                .position(|l| l == END)
                .unwrap_or_else(|| panic!("{}: no `{END}` after `{BEGIN}`", path.display()));
        let wanted = block(&info.provisional_data);
        if lines[start..=end] != wanted[..] {
            if bless {
                let mut new = lines[..start].to_vec();
                new.extend(wanted);
                new.extend_from_slice(&lines[end + 1..]);
                std::fs::write(&path, new.join("\n")).expect("write the rules page");
            } else {
                stale.push(path.display().to_string());
            }
        }
    }
    assert!(
        stale.is_empty(),
        "these rules pages disagree with the catalog's provisional_data: {stale:?}; run \
         AGORA_BLESS=1 cargo test -p agora-engine --test engine docs_rules and review the diff"
    );
}
