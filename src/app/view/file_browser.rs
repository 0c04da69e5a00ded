//! The file browser drawn in the window, where the platform shows no file dialog (no desktop
//! portal: under Xvfb, in a minimal window manager, in some containers). Like the GNOME and
//! KDE choosers: places on the left (home, the last folder used, the recent game files),
//! the folder's contents on the right, folders first, the game files filtered, and the path
//! to type below them ("File path:"), which a click on a file fills in. Escape closes it.
//! It returns what was chosen as [`Command`]s, like the rest of the UI.

use std::path::{Path, PathBuf};

use egui::{Context, Key, RichText, Ui};

use crate::app::view::command::Command;
use crate::app::view::file_dialogs::{FileTask, GAME_EXTENSIONS};
use crate::app::view::popups::text_box;

/// True if `path` names a game file the window reads, by its extension (any case).
pub fn is_game_file(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| GAME_EXTENSIONS.iter().any(|g| e.eq_ignore_ascii_case(g)))
}

/// One name in a folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The name, as the folder lists it.
    pub name: String,
    /// The whole path.
    pub path: PathBuf,
    /// A folder (opened on a click), not a file.
    pub is_folder: bool,
}

/// The folders in `folder`, then its files (only the game files unless `all`), each group
/// in alphabetical order, case aside. Hidden names (starting with a dot) are left out, as
/// the desktop's choosers do.
pub fn read_folder(folder: &Path, all: bool) -> std::io::Result<Vec<Entry>> {
    let mut entries = Vec::new();
    for item in std::fs::read_dir(folder)? {
        let Ok(item) = item else { continue };
        let name = item.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        let path = item.path();
        // A link is followed, as the desktop's choosers do; a broken one is a file.
        let is_folder = path.is_dir();
        if is_folder || all || is_game_file(&path) {
            entries.push(Entry {
                name,
                path,
                is_folder,
            });
        }
    }
    entries.sort_by_cached_key(|e| (!e.is_folder, e.name.to_lowercase(), e.name.clone()));
    Ok(entries)
}

/// A folder the browser could not list, shown in place of its contents.
#[derive(Debug, thiserror::Error)]
#[error("This folder cannot be read: {0}")]
struct FolderError(std::io::Error);

/// A place on the left of the browser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// What the button says: "Home", "Last folder", or a recent file's name.
    pub label: String,
    /// The folder, or the recent file.
    pub path: PathBuf,
}

/// The browser's state: what it is for, the path typed or chosen, the folder shown and its
/// contents, and the places.
pub struct FileBrowser {
    /// Open or Save as.
    pub task: FileTask,
    /// The path in the "File path:" field, as suggested, clicked or typed.
    pub text: String,
    /// Whether the path field is yet to take the keyboard focus (as the browser opens).
    focus: bool,
    folder: PathBuf,
    listing: Result<Vec<Entry>, FolderError>,
    all_files: bool,
    folders: Vec<Place>,
    recent: Vec<Place>,
}

impl FileBrowser {
    /// The browser for `task` with `text` in its path field, showing the folder of that path
    /// if there is one, else the last folder used, else the home folder. `recent` are the
    /// recent game files, newest first.
    pub fn new(task: FileTask, text: String, recent: &[PathBuf]) -> FileBrowser {
        let home = std::env::var_os("HOME")
            .map(PathBuf::from)
            .filter(|h| h.is_dir());
        let last = recent
            .iter()
            .filter_map(|p| p.parent())
            .find(|f| f.is_dir())
            .map(Path::to_path_buf);
        let mut folders = Vec::new();
        if let Some(home) = &home {
            folders.push(Place {
                label: "Home".into(),
                path: home.clone(),
            });
        }
        if let Some(last) = &last {
            folders.push(Place {
                label: "Last folder".into(),
                path: last.clone(),
            });
        }
        let recent = recent
            .iter()
            .filter(|p| p.is_file())
            .map(|p| Place {
                label: p.file_name().map_or_else(
                    || p.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                ),
                path: p.clone(),
            })
            .collect();
        // The folder of the path suggested (a bare name is in the current folder).
        let typed = Path::new(text.trim());
        let start = typed
            .parent()
            .and_then(|f| match f.as_os_str().is_empty() {
                true if !text.trim().is_empty() => std::env::current_dir().ok(),
                _ => Some(f.to_path_buf()),
            })
            .filter(|f| f.is_dir())
            .or(last)
            .or(home)
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_default();
        let mut browser = FileBrowser {
            task,
            text,
            focus: true,
            folder: PathBuf::new(),
            listing: Ok(Vec::new()),
            all_files: false,
            folders,
            recent,
        };
        browser.read(start);
        browser
    }

    /// Shows `folder`, read again.
    fn read(&mut self, folder: PathBuf) {
        self.listing = read_folder(&folder, self.all_files).map_err(FolderError);
        self.folder = folder;
    }

    /// Goes to `folder`. For Save as, the file name typed so far moves with it.
    pub fn go_to(&mut self, folder: PathBuf) {
        if self.task == FileTask::SaveAs {
            let name = Path::new(self.text.trim())
                .file_name()
                .filter(|_| !self.text.trim_end().ends_with(std::path::MAIN_SEPARATOR))
                .map_or_else(|| "game.txt".into(), |n| n.to_string_lossy().into_owned());
            self.text = folder.join(name).display().to_string();
        }
        self.read(folder);
    }

    /// Lists every file, or only the game files, and reads the folder again.
    pub fn show_all_files(&mut self, all: bool) {
        self.all_files = all;
        self.read(self.folder.clone());
    }

    /// What the path typed or chosen asks for: a folder typed is shown (nothing is
    /// returned); a file is opened or saved to.
    fn take_path(&mut self) -> Option<Command> {
        let text = self.text.trim();
        if text.is_empty() {
            return None;
        }
        let path = PathBuf::from(text);
        if path.is_dir() {
            self.go_to(path);
            return None;
        }
        Some(match self.task {
            FileTask::Open => Command::OpenPath(path),
            FileTask::SaveAs => Command::SaveTo(path),
            FileTask::Openings => Command::NewGameFrom(crate::core::start::Start::File(path)),
        })
    }

    /// A click on a file in the list or the places: its path goes in the field; a double
    /// click takes it at once.
    fn pick_file(&mut self, path: &Path, double: bool, commands: &mut Vec<Command>) {
        self.text = path.display().to_string();
        if double {
            commands.extend(self.take_path());
        }
    }
}

/// Shows the browser as a window over the board. Enter in the path field or the Open (Save)
/// button takes the path; Cancel, the window's close button or Escape close it.
pub fn show(ctx: &Context, browser: &mut FileBrowser, commands: &mut Vec<Command>) {
    let mut open = true;
    if ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, Key::Escape)) {
        commands.push(Command::CancelPath);
        return;
    }
    let screen = ctx.content_rect();
    let size = egui::vec2(
        (screen.width() - 40.0).clamp(300.0, 640.0),
        (screen.height() - 80.0).clamp(240.0, 440.0),
    );
    egui::Window::new(browser.task.title())
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(screen.center())
        .default_size(size)
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.set_width(size.x);
            folder_row(ui, browser);
            ui.separator();
            let list_height = (size.y - 150.0).max(80.0);
            // The places and the folder's contents side by side, of one fixed height.
            let middle = egui::vec2(ui.available_width(), list_height);
            let across = egui::Layout::left_to_right(egui::Align::Min);
            let down = egui::Layout::top_down(egui::Align::Min);
            ui.allocate_ui_with_layout(middle, across, |ui| {
                ui.set_height(list_height);
                let places_width = (size.x * 0.28).clamp(110.0, 170.0);
                let column = egui::vec2(places_width, list_height);
                ui.allocate_ui_with_layout(column, down, |ui| {
                    ui.set_width(places_width);
                    places(ui, browser, list_height, commands);
                });
                ui.separator();
                ui.allocate_ui_with_layout(ui.available_size(), down, |ui| {
                    contents(ui, browser, list_height, commands);
                });
            });
            ui.separator();
            path_row(ui, browser, commands);
        });
    if !open {
        commands.push(Command::CancelPath);
    }
}

/// The folder shown, with the way up to its parent, and the filter.
fn folder_row(ui: &mut Ui, browser: &mut FileBrowser) {
    ui.horizontal(|ui| {
        let parent = browser.folder.parent().map(Path::to_path_buf);
        let up = ui
            .add_enabled(parent.is_some(), egui::Button::new("Up"))
            .on_hover_text("The folder this one is in");
        if up.clicked()
            && let Some(parent) = parent
        {
            browser.go_to(parent);
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let mut all = browser.all_files;
            let shown = |all: bool| {
                if all {
                    "All files".to_string()
                } else {
                    format!("Game files (.{})", GAME_EXTENSIONS.join(", ."))
                }
            };
            let combo = egui::ComboBox::from_id_salt("file-browser-filter")
                .selected_text(shown(all))
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut all, false, shown(false));
                    ui.selectable_value(&mut all, true, shown(true));
                });
            let label = ui.label("Show:");
            combo.response.labelled_by(label.id);
            if all != browser.all_files {
                browser.show_all_files(all);
            }
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                let folder = browser.folder.display().to_string();
                ui.add(egui::Label::new(RichText::new(folder).strong()).truncate());
            });
        });
    });
}

/// The places: home, the last folder used, and the recent game files.
fn places(ui: &mut Ui, browser: &mut FileBrowser, height: f32, commands: &mut Vec<Command>) {
    egui::ScrollArea::vertical()
        .id_salt("file-browser-places")
        .max_height(ui.available_height().min(height))
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.label(RichText::new("Places").strong());
            let mut go = None;
            for place in &browser.folders {
                let here = browser.folder == place.path;
                let response = ui
                    .selectable_label(here, &place.label)
                    .on_hover_text(place.path.display().to_string());
                if response.clicked() {
                    go = Some(place.path.clone());
                }
            }
            if let Some(folder) = go {
                browser.go_to(folder);
            }
            if browser.recent.is_empty() {
                return;
            }
            ui.add_space(4.0);
            ui.label(RichText::new("Recent games").strong());
            let mut picked = None;
            for place in &browser.recent {
                let response = ui
                    .add(egui::Button::selectable(false, &place.label).truncate())
                    .on_hover_text(place.path.display().to_string());
                // Named apart from the same file in the list beside.
                response.widget_info(|| {
                    let name = format!("Recent game {}", place.label);
                    egui::WidgetInfo::labeled(egui::Role::Button, true, name)
                });
                if response.clicked() || response.double_clicked() {
                    picked = Some((place.path.clone(), response.double_clicked()));
                }
            }
            if let Some((path, double)) = picked {
                if let Some(folder) = path.parent() {
                    browser.go_to(folder.to_path_buf());
                }
                browser.pick_file(&path, double, commands);
            }
        });
}

/// The folder's contents: a click opens a folder, or puts a file's path in the field; a
/// double click on a file takes it.
fn contents(ui: &mut Ui, browser: &mut FileBrowser, height: f32, commands: &mut Vec<Command>) {
    let entries = match &browser.listing {
        Ok(entries) => entries,
        Err(problem) => {
            ui.label(RichText::new(problem.to_string()).color(ui.visuals().warn_fg_color));
            return;
        }
    };
    if entries.is_empty() {
        let what = if browser.all_files {
            "This folder is empty."
        } else {
            "No game files or folders here."
        };
        ui.label(RichText::new(what).weak());
    }
    let chosen = Path::new(browser.text.trim());
    let row = ui.text_style_height(&egui::TextStyle::Button) + 4.0;
    let mut clicked = None;
    egui::ScrollArea::vertical()
        .id_salt("file-browser-contents")
        .max_height(ui.available_height().min(height))
        .auto_shrink([false, false])
        .show_rows(ui, row, entries.len(), |ui, range| {
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
            for entry in &entries[range] {
                // A folder ends with the separator, as `ls -F` shows it.
                let text = if entry.is_folder {
                    format!("{}{}", entry.name, std::path::MAIN_SEPARATOR)
                } else {
                    entry.name.clone()
                };
                let selected = !entry.is_folder && chosen == entry.path;
                let response = ui.add(
                    egui::Button::selectable(selected, text)
                        .truncate()
                        .min_size(egui::vec2(ui.available_width(), 0.0)),
                );
                if response.clicked() || response.double_clicked() {
                    clicked = Some((entry.clone(), response.double_clicked()));
                }
            }
        });
    match clicked {
        Some((entry, _)) if entry.is_folder => browser.go_to(entry.path),
        Some((entry, double)) => browser.pick_file(&entry.path, double, commands),
        None => {}
    }
}

/// The path to type, filled in by a click on a file, with Open (Save) and Cancel. As the
/// browser opens, the path takes the keyboard focus with all its text selected, so typing
/// replaces it and Enter takes it as it is.
fn path_row(ui: &mut Ui, browser: &mut FileBrowser, commands: &mut Vec<Command>) {
    let label = ui.label("File path:");
    let response = text_box(ui, &mut browser.text, "", f32::INFINITY, &mut browser.focus)
        .labelled_by(label.id);
    let ready = !browser.text.trim().is_empty();
    let entered = response.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
    ui.horizontal(|ui| {
        let word = match browser.task {
            FileTask::Open | FileTask::Openings => "Open",
            FileTask::SaveAs => "Save",
        };
        let go = ui.add_enabled(ready, egui::Button::new(word));
        if ready && (entered || go.clicked()) {
            commands.extend(browser.take_path());
        }
        if ui.button("Cancel").clicked() {
            commands.push(Command::CancelPath);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_files_by_their_extension_in_any_case() {
        for name in ["a.txt", "b.GGF", "WTH_2004.wtb", "dir/c.Txt"] {
            assert!(is_game_file(Path::new(name)), "{name}");
        }
        for name in ["a.pgn", "b", "c.wtb.bak", ".ggf"] {
            assert!(!is_game_file(Path::new(name)), "{name}");
        }
    }

    #[test]
    fn a_folder_lists_its_folders_then_its_game_files() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["b.ggf", "A.txt", "notes.pdf", ".hidden.txt", "c.WTB"] {
            std::fs::write(dir.path().join(name), "x").unwrap();
        }
        for name in ["zoo", "Games"] {
            std::fs::create_dir(dir.path().join(name)).unwrap();
        }
        let names = |all| -> Vec<String> {
            read_folder(dir.path(), all)
                .unwrap()
                .into_iter()
                .map(|e| e.name)
                .collect()
        };
        assert_eq!(names(false), ["Games", "zoo", "A.txt", "b.ggf", "c.WTB"]);
        assert_eq!(
            names(true),
            ["Games", "zoo", "A.txt", "b.ggf", "c.WTB", "notes.pdf"]
        );
        let missing = dir.path().join("gone");
        assert!(read_folder(&missing, false).is_err());
        let browser = FileBrowser::new(
            FileTask::Open,
            missing.join("x.txt").display().to_string(),
            &[],
        );
        assert_ne!(
            browser.folder, missing,
            "a folder that is not there is not shown"
        );
    }

    #[test]
    fn save_as_keeps_the_name_typed_as_the_folder_changes() {
        let dir = tempfile::tempdir().unwrap();
        let inner = dir.path().join("inner");
        std::fs::create_dir(&inner).unwrap();
        let text = dir.path().join("mine.ggf").display().to_string();
        let mut browser = FileBrowser::new(FileTask::SaveAs, text, &[]);
        assert_eq!(browser.folder, dir.path());
        browser.go_to(inner.clone());
        assert_eq!(browser.text, inner.join("mine.ggf").display().to_string());
        // A folder typed is shown, not written to.
        browser.text = dir.path().display().to_string();
        assert!(browser.take_path().is_none());
        assert_eq!(browser.folder, dir.path());
    }

    #[test]
    fn the_places_are_home_the_last_folder_and_the_recent_files_still_there() {
        let dir = tempfile::tempdir().unwrap();
        let kept = dir.path().join("kept.txt");
        std::fs::write(&kept, "x").unwrap();
        let gone = dir.path().join("gone.txt");
        let browser = FileBrowser::new(FileTask::Open, String::new(), &[gone, kept.clone()]);
        let (folders, recent) = (&browser.folders, &browser.recent);
        let last = folders.iter().find(|p| p.label == "Last folder").unwrap();
        assert_eq!(last.path, dir.path());
        assert_eq!(
            *recent,
            [Place {
                label: "kept.txt".into(),
                path: kept
            }]
        );
        assert_eq!(browser.folder, dir.path(), "it starts in the last folder");
    }
}
