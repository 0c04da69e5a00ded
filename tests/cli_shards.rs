//! `boardplay label` and `boardplay fit`, run as a program: a shard's exact labels are the
//! plain solver's scores, a run broken off continues to the same bytes as one that was not,
//! a shard begun otherwise or damaged is refused with a clear message, and `fit` writes
//! weights that differ from the shipped ones where the shard had positions.

mod common;

use boardplay::ai::eval::pattern::{PHASE_LEN, PatternEval};
use boardplay::ai::eval::weights::decode;
use boardplay::ai::solver::othello_endgame::solve_plain;
use boardplay::core::Side;
use boardplay::core::othello::Othello8;
use boardplay::formats::shard;

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    common::run_boardplay(args)
}

fn succeeds(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, Some(0), "boardplay {args:?}:\n{out}\n{err}");
    out
}

/// Exit code 2 and an error line naming every word of `words`, no panic.
fn fails_clearly(args: &[&str], words: &[&str]) {
    let (code, out, err) = run(args);
    assert_eq!(
        code,
        Some(2),
        "boardplay {args:?} should fail:\n{out}\n{err}"
    );
    assert!(err.to_lowercase().starts_with("error"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    for w in words {
        assert!(err.contains(w), "{args:?}: {err:?} should mention {w:?}");
    }
}

/// `label` on 60 self-play games: 4 positions a phase from 9 to 28 empties (five phases),
/// 2-ply searches, exact from 16 empties, into `out`.
fn label_args<'a>(out: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    label_between(out, "9", "28", extra)
}

/// [`label_args`] with positions of `lo` to `hi` empties.
fn label_between<'a>(out: &'a str, lo: &'a str, hi: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "label",
        "--selfplay",
        "60",
        "--selfplay-plies",
        "0",
        "--seed",
        "3",
        "--per-phase",
        "4",
        "--min-empties",
        lo,
        "--max-empties",
        hi,
        "--depth",
        "2",
        "--exact-from",
        "16",
        "--out",
        out,
    ];
    args.extend_from_slice(extra);
    args
}

#[test]
fn a_shard_holds_exact_scores_near_the_end_and_a_broken_run_continues_to_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let full = dir.path().join("full.bps");
    let full_arg = full.to_str().unwrap();
    let text = succeeds(&label_args(full_arg, &["--batch", "7"]));
    assert!(text.contains("done: 20 positions"), "{text}");
    let bytes = std::fs::read(&full).unwrap();
    let (header, records) = shard::read(&bytes).unwrap();
    assert_eq!((header.count, header.depth, header.exact_from), (20, 2, 16));
    assert_eq!(records.len(), 20);
    for r in &records {
        let empties = r.empties();
        assert!((9..=28).contains(&empties), "{r:?}");
        if empties <= 16 {
            // The exact score, from the plain solver (not the solver that labelled it).
            assert_eq!(r.depth, 0, "{r:?}");
            let pos = Othello8::from_bits(r.player, r.opponent, Side::First);
            assert_eq!(
                i32::from(r.value),
                100 * solve_plain(&pos, -65, 65),
                "{r:?}"
            );
        } else {
            assert_eq!(r.depth, 2, "{r:?}");
        }
    }

    // A run broken off after 7 positions, continued with other threads and batches.
    let part = dir.path().join("part.bps");
    std::fs::write(&part, shard::write(&header, &records[..7])).unwrap();
    let part_arg = part.to_str().unwrap();
    let text = succeeds(&label_args(part_arg, &["--threads", "1", "--batch", "5"]));
    assert!(text.contains("(7 already labelled"), "{text}");
    assert_eq!(std::fs::read(&part).unwrap(), bytes);
    // Finished: nothing more to do.
    let text = succeeds(&label_args(part_arg, &[]));
    assert!(!text.contains("labelled 2"), "{text}");

    // Begun with other settings, or not a shard: refused, the file left alone.
    fails_clearly(
        &label_between(part_arg, "9", "32", &[]),
        &["begun with other settings", "part.bps"],
    );
    assert_eq!(std::fs::read(&part).unwrap(), bytes);
    let junk = dir.path().join("junk.bps");
    std::fs::write(&junk, b"not a shard at all").unwrap();
    fails_clearly(
        &label_args(junk.to_str().unwrap(), &[]),
        &["not a boardplay shard"],
    );
    let mut cut = bytes.clone();
    cut.truncate(bytes.len() - 3);
    std::fs::write(&junk, cut).unwrap();
    fails_clearly(
        &label_args(junk.to_str().unwrap(), &[]),
        &["not a whole number"],
    );
}

#[test]
fn fit_changes_the_phases_a_shard_covers_and_refuses_what_is_not_a_shard() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("s.bps");
    let data_arg = data.to_str().unwrap();
    // Phase 3 only (13-16 empties), exactly labelled.
    succeeds(&label_between(data_arg, "13", "16", &[]));
    let out = dir.path().join("w.bpw");
    let out_arg = out.to_str().unwrap();
    let text = succeeds(&[
        "fit",
        "--shards",
        data_arg,
        "--out",
        out_arg,
        "--min-positions",
        "2",
        "--epochs",
        "5",
    ]);
    assert!(text.contains("phase 3 (13-16 empties): "), "{text}");
    assert!(!text.contains("phase 4"), "{text}");
    let weights = decode::<PatternEval>(&std::fs::read(&out).unwrap()).unwrap();
    let shipped = decode::<PatternEval>(include_bytes!("../weights/othello-8x8.bpw")).unwrap();
    let phase = |w: &[i16], k: usize| w[k * PHASE_LEN..(k + 1) * PHASE_LEN].to_vec();
    assert_ne!(phase(&weights, 3), phase(&shipped, 3));
    assert_eq!(phase(&weights, 2), phase(&shipped, 2));
    assert_eq!(phase(&weights, 4), phase(&shipped, 4));

    fails_clearly(
        &["fit", "--shards", "/dev/zero", "--out", out_arg],
        &["--shards /dev/zero"],
    );
    fails_clearly(
        &["fit", "--shards", out_arg, "--out", out_arg],
        &["not a boardplay shard"],
    );
    fails_clearly(&["label", "--out", data_arg], &["--wthor", "--selfplay"]);
}
