//! The files of packaging/ against the program they describe: the man pages and shell
//! completions are what clap makes of the command line today, the icon's PNGs are the sizes
//! their folders name, and the desktop entry, the metainfo, the icons and the window share
//! one app id.
//!
//! The man pages and completions are generated here rather than by a build script, so the
//! app's own build does not carry clap_mangen and clap_complete. When the command line
//! changes, rewrite them with
//! `BOARDPLAY_WRITE_PACKAGING=1 cargo test --release --test packaging`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use clap::CommandFactory;
use clap_complete::Shell;

use boardplay::cli::Cli;

/// The variable that makes the test write the generated files instead of comparing them.
const WRITE: &str = "BOARDPLAY_WRITE_PACKAGING";

/// The app id the files of packaging/ are named after.
const ID: &str = "io.github.boardplay.Boardplay";

fn packaging() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("packaging")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The man pages clap_mangen makes: `boardplay.6` and one `boardplay-SUBCOMMAND.6` for each
/// subcommand (as `clap_mangen::generate_to` names them), by file name. Section 6, games, as
/// Debian's policy has it for a game's pages.
fn man_pages() -> BTreeMap<String, Vec<u8>> {
    fn add(cmd: &clap::Command, pages: &mut BTreeMap<String, Vec<u8>>) {
        for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
            add(sub, pages);
        }
        let man = clap_mangen::Man::new(cmd.clone()).section("6");
        let mut page = Vec::new();
        man.render(&mut page).expect("rendering into memory");
        pages.insert(man.get_filename(), page);
    }
    let mut cmd = Cli::command().disable_help_subcommand(true);
    cmd.build();
    let mut pages = BTreeMap::new();
    add(&cmd, &mut pages);
    pages
}

/// The completion scripts for bash, zsh and fish, by their file name in
/// packaging/completions/.
fn completions() -> BTreeMap<String, Vec<u8>> {
    [
        (Shell::Bash, "boardplay.bash"),
        (Shell::Zsh, "_boardplay"),
        (Shell::Fish, "boardplay.fish"),
    ]
    .into_iter()
    .map(|(shell, name)| {
        let mut script = Vec::new();
        clap_complete::generate(shell, &mut Cli::command(), "boardplay", &mut script);
        (name.to_string(), script)
    })
    .collect()
}

/// Compares the files of `dir` with `wanted` (or writes them, with BOARDPLAY_WRITE_PACKAGING
/// set): every wanted file there with the same bytes, and no other file.
fn check_generated(dir: &Path, wanted: &BTreeMap<String, Vec<u8>>) {
    if std::env::var_os(WRITE).is_some() {
        if dir.exists() {
            std::fs::remove_dir_all(dir).unwrap();
        }
        std::fs::create_dir_all(dir).unwrap();
        for (name, bytes) in wanted {
            std::fs::write(dir.join(name), bytes).unwrap();
        }
        return;
    }
    let present: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}; run with {WRITE}=1", dir.display()))
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let mut present_sorted = present.clone();
    present_sorted.sort();
    let wanted_names: Vec<&String> = wanted.keys().collect();
    assert_eq!(
        present_sorted.iter().collect::<Vec<_>>(),
        wanted_names,
        "the files of {} are not the generated ones; run with {WRITE}=1",
        dir.display()
    );
    for (name, bytes) in wanted {
        let committed = std::fs::read(dir.join(name)).unwrap();
        assert!(
            committed == *bytes,
            "{} is stale (the command line changed); run with {WRITE}=1",
            dir.join(name).display()
        );
    }
}

#[test]
fn man_pages_are_the_command_lines() {
    let pages = man_pages();
    // The main page and one for each subcommand the README documents.
    for name in ["boardplay.6", "boardplay-solve.6", "boardplay-nboard.6"] {
        assert!(
            pages.contains_key(name),
            "no {name} among {:?}",
            pages.keys()
        );
    }
    let main = String::from_utf8(pages["boardplay.6"].clone()).unwrap();
    assert!(
        main.starts_with(".ie \\n(.g .ds Aq"),
        "not roff: {main:.80}"
    );
    assert!(main.contains("\\-\\-settings"), "no --settings in the page");
    assert!(
        main.contains(".TH boardplay 6 "),
        "not in section 6: {main:.120}"
    );
    check_generated(&packaging().join("man"), &pages);
}

#[test]
fn completions_are_the_command_lines() {
    let scripts = completions();
    let fish = String::from_utf8(scripts["boardplay.fish"].clone()).unwrap();
    // Every subcommand is offered (its name as clap spells it).
    for sub in ["perft", "solve", "arena", "test-positions", "nboard"] {
        assert!(fish.contains(&format!("-a \"{sub}\"")), "fish lacks {sub}");
    }
    check_generated(&packaging().join("completions"), &scripts);
}

/// The PNG icons: every size of the hicolor theme's usual set, each decoding to a square of
/// the size its folder is named after.
#[test]
fn icon_pngs_are_their_folders_sizes() {
    let hicolor = packaging().join("icons/hicolor");
    for size in [16u32, 22, 24, 32, 48, 64, 128, 256, 512] {
        let path = hicolor.join(format!("{size}x{size}/apps/{ID}.png"));
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let icon = eframe::icon_data::from_png_bytes(&bytes)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(
            (icon.width, icon.height),
            (size, size),
            "{}",
            path.display()
        );
        // Drawn on a transparent square: the corner is clear, the middle opaque.
        let alpha = |x: u32, y: u32| icon.rgba[((y * size + x) * 4 + 3) as usize];
        assert_eq!(alpha(0, 0), 0, "{}: opaque corner", path.display());
        assert_eq!(alpha(size / 2, size / 2), 255, "{}", path.display());
    }
    let svg = read(&hicolor.join(format!("scalable/apps/{ID}.svg")));
    assert!(svg.contains("<svg") && svg.contains("viewBox=\"0 0 128 128\""));
}

/// The window's icon is the packaged 128x128 PNG.
#[test]
fn window_icon_is_the_packaged_png() {
    let icon = boardplay::app::window_icon().expect("the built-in icon decodes");
    let path = packaging().join(format!("icons/hicolor/128x128/apps/{ID}.png"));
    let packaged = eframe::icon_data::from_png_bytes(&std::fs::read(path).unwrap()).unwrap();
    assert_eq!((icon.width, icon.height), (128, 128));
    assert!(
        icon.rgba == packaged.rgba,
        "the window's icon is another image"
    );
}

/// The value of `key=` in the `[Desktop Entry]` group of a desktop file.
fn desktop_value<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines()
        .find_map(|line| line.strip_prefix(key)?.strip_prefix('='))
}

/// The text between `<tag>` and `</tag>` (the first one, attributes allowed).
fn xml_text<'a>(text: &'a str, tag: &str) -> Option<&'a str> {
    let open = text.find(&format!("<{tag}"))?;
    let start = open + text[open..].find('>')? + 1;
    let end = start + text[start..].find(&format!("</{tag}>"))?;
    Some(&text[start..end])
}

/// The desktop entry, the metainfo, the icons and the window use one app id, so the desktop
/// matches the running window with its entry and icon; the MIME types the entry opens are the
/// ones the package declares and the metainfo lists.
#[test]
fn one_app_id_everywhere() {
    let id = ID;
    assert_eq!(boardplay::app::APP_ID, id, "the window's app id");
    let desktop = read(&packaging().join(format!("{id}.desktop")));
    assert_eq!(desktop.lines().next(), Some("[Desktop Entry]"));
    assert_eq!(desktop_value(&desktop, "Icon"), Some(id));
    assert_eq!(desktop_value(&desktop, "StartupWMClass"), Some(id));
    assert_eq!(desktop_value(&desktop, "Exec"), Some("boardplay %f"));
    let metainfo = read(&packaging().join(format!("{id}.metainfo.xml")));
    assert_eq!(xml_text(&metainfo, "id"), Some(id));
    assert_eq!(
        xml_text(&metainfo, "launchable"),
        Some(&*format!("{id}.desktop"))
    );
    assert_eq!(xml_text(&metainfo, "icon"), Some(id));

    let opened: Vec<&str> = desktop_value(&desktop, "MimeType")
        .expect("MimeType=")
        .split_terminator(';')
        .collect();
    let mime = read(&packaging().join(format!("{id}.mime.xml")));
    let declared: Vec<&str> = mime
        .split("<mime-type type=\"")
        .skip(1)
        .map(|rest| &rest[..rest.find('"').unwrap()])
        .collect();
    assert_eq!(
        opened,
        [
            "application/x-ggf",
            "application/x-wthor",
            "application/x-boardplay-game"
        ]
    );
    assert_eq!(declared, opened);
    for kind in opened {
        assert!(
            metainfo.contains(&format!("<mediatype>{kind}</mediatype>")),
            "the metainfo does not list {kind}"
        );
    }
}

/// The MIME types recognise the files the app reads: the globs the app's own format choice
/// uses (`.ggf`, `.wtb`), and the first line boardplay writes in its own game files.
#[test]
fn mime_types_match_the_files_the_app_writes() {
    let mime = read(&packaging().join(format!("{ID}.mime.xml")));
    assert!(mime.contains("<glob pattern=\"*.ggf\"/>"));
    assert!(mime.contains("<glob pattern=\"*.wtb\"/>"));
    // A game as the app saves it, read back by the app: its first line is the magic.
    let game =
        boardplay::app::document::session::Session::new(boardplay::core::Supported::OTHELLO_8);
    let text = boardplay::app::document::files::format_game(&game);
    let first = text.lines().next().unwrap();
    assert!(
        mime.contains(&format!("value=\"{first}\"")),
        "the magic is not the first line the app writes, {first:?}"
    );
}
