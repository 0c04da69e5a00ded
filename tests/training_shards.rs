//! The labelled positions kept in the repository (`training/shards/`, see
//! `training/README.md`): each file is a shard that `boardplay label` continues and
//! `boardplay fit` reads, made by the command the README gives for its seed. A damaged or
//! mistaken file fails here rather than in a later session's training run.

use std::path::Path;

use boardplay::formats::shard;

/// The seeds the README's labelling command is run with, one shard each, and how many
/// positions each draws.
const SEEDS: [(u64, u32); 3] = [(1, 380_743), (2, 380_645), (3, 380_621)];

#[test]
fn every_kept_shard_reads_and_was_made_by_the_documented_command() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("training/shards");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("bps") {
            continue;
        }
        seen += 1;
        let bytes = std::fs::read(&path).unwrap();
        let (header, records) =
            shard::read(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        assert_eq!(
            name,
            format!("s{}.bps", header.seed),
            "named after its seed"
        );
        let &(_, count) = SEEDS
            .iter()
            .find(|&&(seed, _)| seed == header.seed)
            .unwrap_or_else(|| panic!("{name}: seed {}", header.seed));
        // `--depth 12 --exact-from 20 --per-phase 40000 --min-empties 17 --max-empties 56`
        // over WTHOR 1977-2020 and 20,000 self-play games.
        assert_eq!((header.depth, header.exact_from), (12, 20), "{name}");
        assert_eq!(header.count, count, "{name}");
        assert!(!records.is_empty(), "{name}");
        for r in &records {
            let empties = r.empties();
            assert!((17..=56).contains(&empties), "{name}: {empties} empties");
            // Exact solves up to the header's limit, its searches' depth above; `read` has
            // already refused values beyond 64 discs.
            let expected_depth = if empties <= u32::from(header.exact_from) {
                0
            } else {
                header.depth
            };
            assert_eq!(r.depth, expected_depth, "{name}: {r:?}");
            if r.depth == 0 {
                // An exact score is a whole number of discs.
                assert_eq!(r.value % 100, 0, "{name}: {r:?}");
            }
        }
    }
    assert!(seen > 0, "no shard in {}", dir.display());
}
