//! The app: its state, one frame of UI, and the one place where commands change the game.
//! The computer's turn, the hint, the background studies and the settings file keep their
//! own state (`computer.rs`, `hint.rs`, `studies.rs`, `settings_file.rs`); this file lays
//! out the frame and applies what the person asked for.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use egui::{RichText, Ui};

use crate::ai::PlayerSpec;
use crate::ai::analysis::Analysis;
use crate::ai::review::Review;
use crate::core::{Move, PlayError, Side};

use super::board::{self, ANIMATION_SECONDS, Animation, BoardStyle};
use super::command::{Action, Command, Enabled};
use super::computer::{ComputerTurn, Seeds, Thought};
use super::dialogs::{Answer, FileDialogs, FileTask};
use super::files::{self, Opened, Players};
use super::game_list::GameList;
use super::hint::Hints;
use super::menu::Menus;
use super::panel::Panel;
use super::popups;
use super::session::{BoardView, Game, Revision, SetAside, Shelf, Shown};
use super::settings::{PlayerChoice, Settings, SettingsError, Theme};
use super::settings_file::SettingsFile;
use super::setup::SetUp;
use super::status::{self as status_area, Notice, Status};
use super::studies::Studies;
use super::words::{choice_text, explain, side_name};

#[cfg(feature = "testing")]
mod testing;

/// The whole app state. The window (eframe) and the UI tests drive it through
/// [`BoardplayApp::show`].
pub struct BoardplayApp {
    settings: Settings,
    settings_file: SettingsFile,
    game: Game,
    /// The shown position taken apart for painting, and which position that is: built again
    /// only when the shown position changes.
    view: BoardView,
    view_of: Shown,
    computer: ComputerTurn,
    /// Hints search on their own worker, so asking for one never disturbs the computer.
    hints: Hints,
    /// Analysis mode and the review of a finished game.
    studies: Studies,
    /// The games put aside by starting new ones, for Undo and Redo to go back to.
    shelf: Shelf,
    /// The computer's last move being shown: when it was played (egui's clock, which tests
    /// drive), the position it led to, and what changed.
    animation: Option<(f64, Shown, Animation)>,
    /// The last message, and the position it was said at: it goes when that changes.
    notice: Option<(Notice, Shown)>,
    /// The paste box's text, and whether the box is open.
    paste: String,
    paste_open: bool,
    /// The file the game on the board was opened from or last saved to: Save game writes
    /// over it without asking.
    game_path: Option<PathBuf>,
    /// The revision of the game as last opened or saved (the title marks a game that
    /// differs).
    saved: Option<Revision>,
    /// A file Save game would write over, waiting for the person to say yes or no.
    overwrite: Option<PathBuf>,
    /// The platform's file dialogs, and the path box where there are none.
    dialogs: FileDialogs,
    path_box: Option<(FileTask, String)>,
    /// The games of a file of several, while one is being picked.
    game_list: Option<GameList>,
    show_shortcuts: bool,
    show_about: bool,
    /// A position being set up on the board, while the editor is open.
    setup: Option<SetUp>,
    /// The game kept from last time could not be read: closing with no game on the board
    /// leaves its file as it is.
    kept_unread: bool,
    /// The window title last sent, so it is sent again only when it changes.
    title: String,
    seeds: Seeds,
    applied_theme: Option<Theme>,
    repaint: Arc<OnceLock<egui::Context>>,
}

impl BoardplayApp {
    /// The app with the settings read from `settings_path` (defaults if the file is missing;
    /// a message if it is broken).
    pub fn new(settings_path: PathBuf) -> BoardplayApp {
        let loaded = Settings::load(&settings_path);
        BoardplayApp::with_loaded_settings(settings_path, loaded)
    }

    /// The app with settings already read from `settings_path` (by [`Settings::load`] or
    /// [`Settings::from_read`]), and the problem found in the file, if any.
    pub fn with_loaded_settings(
        settings_path: PathBuf,
        (settings, error): (Settings, Option<SettingsError>),
    ) -> BoardplayApp {
        let repaint: Arc<OnceLock<egui::Context>> = Arc::new(OnceLock::new());
        let ctx = Arc::clone(&repaint);
        let wake: Arc<dyn Fn() + Send + Sync> = Arc::new(move || {
            if let Some(ctx) = ctx.get() {
                ctx.request_repaint();
            }
        });
        let game = Game::new(settings.variant()).expect("settings hold only supported games");
        BoardplayApp {
            settings,
            settings_file: SettingsFile::new(settings_path, error),
            view: game.view(),
            view_of: game.shown(),
            game,
            computer: ComputerTurn::new(Arc::clone(&wake)),
            dialogs: FileDialogs::new(false, Arc::clone(&wake)),
            hints: Hints::new(Arc::clone(&wake)),
            studies: Studies::new(wake),
            shelf: Shelf::default(),
            animation: None,
            notice: None,
            paste: String::new(),
            paste_open: false,
            game_path: None,
            saved: None,
            overwrite: None,
            path_box: None,
            game_list: None,
            show_shortcuts: false,
            show_about: false,
            setup: None,
            kept_unread: false,
            title: String::new(),
            seeds: Seeds::from_clock(),
            applied_theme: None,
            repaint,
        }
    }

    /// The settings as they are now (with unsaved changes).
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Changes the settings, then starts a new game (putting the old one aside for Undo) if
    /// the game or size changed. Players change without a new game: tests seat them this way
    /// around a game they set up.
    pub fn set_settings(&mut self, mut settings: Settings) {
        settings.fit_players();
        let before = self.settings.players();
        let new_game = settings.variant() != self.game.variant();
        self.settings = settings;
        if new_game {
            self.start_game(
                Game::new(self.settings.variant()).expect("settings are valid"),
                before,
            );
        } else {
            self.computer.cancel();
        }
    }

    /// Records the window's inner size, kept in the settings for the next start.
    pub fn set_window_size(&mut self, size: [f32; 2]) {
        self.settings.window_size = Some(size);
    }

    /// The game on the board.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Where the settings file is.
    pub fn settings_path(&self) -> &Path {
        self.settings_file.path()
    }

    /// Uses the platform's file dialogs for Open game and Save game as (the window does, when
    /// [`FileDialogs::native_available`]); without them, a path is typed in a small box.
    pub fn use_file_dialogs(&mut self, native: bool) {
        self.dialogs.set_native(native);
    }

    /// Opens the game file at `path`, as File > Open game does with a chosen file.
    pub fn open_path(&mut self, path: PathBuf) {
        self.apply(Command::OpenPath(path), None);
    }

    /// The window's title: the game file's name (or "Untitled"), marked with `*` while the
    /// game has moves not saved, then the app's name.
    pub fn title(&self) -> String {
        let name = self
            .game_path
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned());
        let unsaved = match self.saved {
            Some(saved) => saved != self.game.revision(),
            None => !self.game.moves().is_empty(),
        };
        match (name, unsaved) {
            (None, false) => "boardplay".to_string(),
            (name, unsaved) => format!(
                "{}{} — boardplay",
                name.as_deref().unwrap_or("Untitled"),
                if unsaved { "*" } else { "" }
            ),
        }
    }

    /// Where the game on the board is kept when the window closes: beside the settings.
    fn last_game_path(&self) -> PathBuf {
        self.settings_file.path().with_file_name("last-game.txt")
    }

    /// What the window does as it opens: puts back the game kept from last time, then opens
    /// `game`, the file it was started with, if one was named. The kept game is on the board
    /// first so that a file that fails to open leaves it there (with the error shown) and
    /// closing keeps it again; a file that opens puts it aside, for Undo.
    pub fn start_with(&mut self, game: Option<PathBuf>) {
        self.restore_last_game();
        if let Some(path) = game {
            self.open_path(path);
        }
    }

    /// Puts back the game that was on the board when the window last closed, if one was kept
    /// (see [`BoardplayApp::shutdown`]). A kept file that cannot be read is left alone.
    pub fn restore_last_game(&mut self) {
        let path = self.last_game_path();
        if !path.exists() {
            return;
        }
        match files::kept_game(&path) {
            Ok((game, file)) => {
                self.load_game(game);
                self.say("The game from last time is on the board", false);
                // The game belongs to its file again, saved if the file still holds it.
                if let Some(file) = file.filter(|f| f.is_file()) {
                    let same = files::open_game(&file).is_ok_and(|g| {
                        g.moves() == self.game.moves() && g.start_board() == self.game.start_board()
                    });
                    self.saved = same.then(|| self.game.revision());
                    self.game_path = Some(file);
                }
            }
            Err(e) => {
                self.kept_unread = true;
                self.say(format!("The game from last time was not read ({e})"), true);
            }
        }
    }

    /// True while the computer's last move is being animated.
    pub fn is_animating(&self) -> bool {
        self.animation.is_some()
    }

    /// True while the computer is choosing a move (or waiting out its delay).
    pub fn is_thinking(&self) -> bool {
        self.computer.is_thinking()
    }

    /// True while computer-against-computer play is paused.
    pub fn is_paused(&self) -> bool {
        self.computer.is_paused()
    }

    /// The hint's move, once found, if it is for the position shown.
    pub fn hint(&self) -> Option<Move> {
        self.hints.at(self.game.shown()).and_then(|(_, mv)| mv)
    }

    /// True while a hint is being searched for.
    pub fn is_hinting(&self) -> bool {
        self.hints.is_searching()
    }

    /// The review of the finished game, as far as it has gone (none while the game is on).
    pub fn review(&self) -> Option<Review> {
        self.studies.review(&self.game)
    }

    /// The game Undo would go back to, from the start of this one (see [`Shelf`]).
    pub fn previous_game(&self) -> Option<&Game> {
        self.shelf.previous().map(|a| &a.game)
    }

    /// Analysis mode's values for the shown position, as far as they have been found.
    pub fn analysis(&self) -> Option<Analysis> {
        self.studies.analysis(&self.game)
    }

    /// True while Analysis mode is still refining the values of the shown position.
    pub fn is_analysing(&self) -> bool {
        self.studies.is_analysing()
    }

    /// Saves the settings (unless the file was broken and never saved since) and stops the
    /// computer. Called when the window closes.
    pub fn shutdown(&mut self) {
        self.computer.cancel();
        self.hints.cancel();
        self.studies.stop();
        self.settings_file.save_on_exit(&self.settings);
        // The game on the board is kept, so closing loses nothing; an empty board keeps none,
        // but leaves a kept game that could not be read to be mended.
        let path = self.last_game_path();
        if self.game.moves().is_empty() {
            if !self.kept_unread {
                let _ = std::fs::remove_file(&path);
            }
        } else if let Err(e) = files::keep_game(&self.game, &path, self.game_path.as_deref()) {
            eprintln!("boardplay: the game was not kept: {e}");
        }
    }

    /// One frame: the work around the game catches up with it, then the side panel, the
    /// status line, the board and its overlays are laid out, and the commands they gave are
    /// applied. After a frame, the work always follows the game as it is left.
    pub fn show(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        let _ = self.repaint.set(ctx.clone());
        let now = ui.input(|i| i.time);
        self.apply_theme(&ctx);
        self.refresh(now);
        let animation = self.animation_at(now);
        self.update_view();
        let commands = self.lay_out(ui, animation);

        if !commands.is_empty() {
            // The state changes after this frame was laid out: the work follows it now (the
            // computer starts on the person's move, a stale hint is dropped), and the next
            // frame shows it.
            for command in commands {
                self.apply(command, Some(&ctx));
            }
            self.refresh(now);
            ctx.request_repaint();
        }
        if self.animation_at(now).is_some() {
            ctx.request_repaint();
        }
        if let Some(left) = self.computer.time_left(now, self.delay()) {
            ctx.request_repaint_after(Duration::from_secs_f64(left.max(0.0)));
        }
        let title = self.title();
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }

    /// Lays out the frame and returns the commands its widgets and shortcuts gave.
    fn lay_out(&mut self, ui: &mut Ui, animation: Option<(Animation, f32)>) -> Vec<Command> {
        let view = &self.view;
        let undo = self.game.undo_target(|s| self.is_person(s));
        let enabled = Enabled {
            undo: undo.is_some() || self.shelf.previous().is_some(),
            redo: self.game.redo_target(|s| self.is_person(s)).is_some()
                || self.shelf.next().is_some(),
            watching: self.watching() && !view.outcome.is_over(),
            paused: self.computer.is_paused(),
            hint: !view.outcome.is_over() && self.is_person(view.to_move) && !view.must_pass,
            pass: !view.outcome.is_over() && self.is_person(view.to_move) && view.must_pass,
            computer_move: !view.outcome.is_over()
                && !self.computer.is_thinking_about(self.game.shown()),
        };
        let mut commands = Vec::new();
        if !ui.ctx().egui_wants_keyboard_input() {
            ui.input_mut(|input| {
                if let Some(action) = Action::from_shortcut(input, enabled) {
                    commands.push(Command::Action(action));
                }
                for event in &input.events {
                    if let egui::Event::Paste(text) = event {
                        commands.push(Command::Paste(text.clone()));
                    }
                }
            });
        }
        // A game file dropped on the window is opened.
        let dropped = ui.input(|i| i.raw.dropped_files.first().map(|f| f.path().to_path_buf()));
        if let Some(path) = dropped {
            commands.push(Command::OpenPath(path));
        }

        egui::Panel::top("menu-bar").show(ui, |ui| {
            let menus = Menus {
                settings: &mut self.settings,
                enabled,
            };
            commands.extend(menus.show(ui));
        });

        if let Some(message) = self.settings_file.message() {
            egui::Panel::top("settings-message").show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.label(RichText::new(message).color(ui.visuals().warn_fg_color));
                    if ui.button("Dismiss").clicked() {
                        commands.push(Command::DismissSettingsMessage);
                    }
                });
            });
        }

        let review = self.studies.review(&self.game);
        // The panel gives way in a small window, so the board stays playable.
        let widest = (ui.available_width() * 0.4).max(170.0);
        egui::Panel::left("side-panel")
            .resizable(true)
            .default_size(250.0_f32.min(widest))
            .size_range(170.0..=widest)
            .show(ui, |ui| {
                let panel = Panel {
                    settings: &self.settings,
                    game: &self.game,
                    enabled,
                    // Only from where Undo has no move of this game left to take back.
                    previous_game: undo
                        .is_none()
                        .then(|| self.shelf.previous().map(|a| &a.game))
                        .flatten(),
                    review: review.as_ref(),
                };
                commands.extend(panel.show(ui));
            });

        egui::CentralPanel::default().show(ui, |ui| {
            if let Some(setup) = &self.setup {
                let variant = self.game.variant();
                let problem = self.notice.as_ref().map(|(n, _)| n);
                commands.extend(status_area::setup_bar(ui, variant, setup.to_move, problem));
                ui.add_space(4.0);
                let style = BoardStyle {
                    display: self.settings.display,
                    ..BoardStyle::default()
                };
                if let Some(cell) = board::show(ui, &setup.view(), variant, &style) {
                    commands.push(Command::SetUpCell(cell));
                }
            } else {
                self.status(ui, &mut commands);
                ui.add_space(4.0);
                self.board(ui, animation, &mut commands);
            }
        });
        self.popups(ui, &mut commands);
        commands
    }

    /// The small windows over the board that are open.
    fn popups(&mut self, ui: &mut Ui, commands: &mut Vec<Command>) {
        let ctx = ui.ctx().clone();
        popups::paste_box(&ctx, &mut self.paste_open, &mut self.paste, commands);
        if let Some((task, text)) = &mut self.path_box {
            popups::path_box(&ctx, *task, text, commands);
        }
        if let Some(path) = &self.overwrite {
            popups::overwrite_question(ui, path, commands);
        }
        if let Some(list) = &mut self.game_list {
            list.show(&ctx, commands);
        }
        popups::shortcuts(&ctx, &mut self.show_shortcuts);
        popups::about(&ctx, &mut self.show_about);
    }

    fn status(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        let view = &self.view;
        let over = view.outcome.is_over();
        let analysis = self
            .settings
            .display
            .analysis
            .then(|| self.analysis())
            .flatten();
        let status = Status {
            variant: self.game.variant(),
            view,
            cursor: self.game.cursor(),
            moves: self.game.moves().len(),
            computer_to_move: self.computer_at(view.to_move),
            thinking: self.thought(),
            hint: self.hints.at(self.game.shown()),
            paused: (self.watching() && !over).then_some(self.computer.is_paused()),
            notice: self.notice.as_ref().map(|(notice, _)| notice),
            analysis: analysis.as_ref(),
        };
        commands.extend(status.show(ui));
    }

    fn board(&self, ui: &mut Ui, animation: Option<(Animation, f32)>, commands: &mut Vec<Command>) {
        let view = &self.view;
        let variant = self.game.variant();
        let place = |mv: Option<Move>| match mv {
            Some(Move::Place(cell)) => Some(cell),
            _ => None,
        };
        let style = BoardStyle {
            display: self.settings.display,
            person_to_move: self.is_person(view.to_move) && !view.outcome.is_over(),
            hint: place(self.hint()),
            best: place(self.thought().and_then(|t| t.progress).and_then(|p| p.best)),
            better: place(self.better_move()),
            animation,
            analysis: self.analysis(),
        };
        if let Some(cell) = board::show(ui, view, variant, &style) {
            commands.push(Command::Click(cell));
        }
    }

    /// Applies one command. This is the only place the game and settings change in response
    /// to the person (display options aside).
    pub fn apply(&mut self, command: Command, ctx: Option<&egui::Context>) {
        let variant = self.game.variant();
        match command {
            Command::Click(cell) => {
                let side = self.game.side_to_move();
                if let Some(computer) = self.computer_at(side)
                    && !self.current_view().outcome.is_over()
                {
                    let name = side_name(variant, side);
                    let text = format!(
                        "It is {name}'s turn, and the computer ({}) plays {name}",
                        computer.label()
                    );
                    self.say(text, true);
                    return;
                }
                match self.game.play(Move::Place(cell)) {
                    Ok(()) => self.computer.cancel(),
                    Err(e @ PlayError::MustPass(_)) => self.say(
                        format!("{cell} is not a legal move: {}", explain(e, variant)),
                        true,
                    ),
                    Err(e) => self.say(explain(e, variant), true),
                }
            }
            Command::Jump(index) => {
                self.computer.cancel();
                self.game.jump(index);
            }
            Command::OpenVariation(index) => {
                self.computer.cancel();
                self.game.open_variation(index);
            }
            Command::ConfirmOverwrite => {
                if let Some(path) = self.overwrite.take() {
                    self.save_to(path);
                }
            }
            Command::CancelOverwrite => {
                if let Some(path) = self.overwrite.take() {
                    self.say(
                        format!("Not saved: {} was left as it was", path.display()),
                        false,
                    );
                }
            }
            Command::Action(action) => self.apply_action(action, ctx),
            Command::SetGame(kind) => {
                let before = self.settings.players();
                self.settings.game = kind;
                self.settings.size = kind.default_size();
                self.settings.fit_players();
                self.new_game(before);
            }
            Command::SetSize(size) => {
                if self.settings.game.square(size).is_ok() {
                    let before = self.settings.players();
                    self.settings.size = size;
                    self.settings.fit_players();
                    self.new_game(before);
                }
            }
            Command::SetPlayer(side, choice) => {
                let mut players = self.settings.players();
                players[side.index()] = choice;
                self.seat(players);
            }
            Command::Paste(text) => {
                self.paste(&text);
            }
            Command::PlayPaste => {
                // The box keeps its text until it is played, so a mistake can be mended.
                let text = self.paste.clone();
                if self.paste(&text) {
                    self.paste.clear();
                    self.paste_open = false;
                }
            }
            Command::OpenPath(path) => {
                self.path_box = None;
                self.open_from(path);
            }
            Command::SaveTo(path) => {
                self.path_box = None;
                if path.exists() && self.game_path.as_ref() != Some(&path) {
                    self.overwrite = Some(path);
                } else {
                    self.save_to(path);
                }
            }
            Command::CancelPath => self.path_box = None,
            Command::OpenListed(index) => self.open_listed(index),
            Command::CloseList => self.game_list = None,
            Command::SetUpCell(cell) => self.edit_setup(|setup| setup.cycle(cell)),
            Command::SetUpToMove(side) => self.edit_setup(|setup| setup.to_move = side),
            Command::SetUpClear => self.edit_setup(SetUp::clear),
            Command::SetUpStart => self.edit_setup(SetUp::start_position),
            Command::SetUpDone => {
                let Some(setup) = &self.setup else { return };
                match setup.finish() {
                    Ok(game) => {
                        self.setup = None;
                        self.load_game(game);
                        self.say("The game starts from the position set up", false);
                    }
                    Err(problem) => self.say(problem, true),
                }
            }
            Command::SetUpCancel => {
                self.setup = None;
                self.notice = None;
            }
            Command::DismissSettingsMessage => self.settings_file.dismiss(),
        }
    }

    fn apply_action(&mut self, action: Action, ctx: Option<&egui::Context>) {
        match action {
            Action::NewGame => self.new_game(self.settings.players()),
            Action::Undo => {
                if let Some(target) = self.game.undo_target(|s| self.is_person(s)) {
                    self.computer.cancel();
                    self.game.jump(target);
                } else {
                    self.bring_back(true);
                }
            }
            Action::Redo => {
                if let Some(target) = self.game.redo_target(|s| self.is_person(s)) {
                    self.computer.cancel();
                    self.game.jump(target);
                } else {
                    self.bring_back(false);
                }
            }
            Action::Pass => {
                let side = self.game.side_to_move();
                if !self.is_person(side) {
                    return;
                }
                if let Err(e) = self.game.play(Move::Pass) {
                    self.say(explain(e, self.game.variant()), true);
                }
            }
            Action::ComputerMove => {
                if !self.computer.is_thinking_about(self.game.shown()) {
                    let now = ctx.map_or(0.0, |c| c.input(|i| i.time));
                    self.start_computer(now);
                }
            }
            Action::Hint => self.ask_for_hint(),
            Action::Pause => self.computer.pause(),
            Action::Resume => self.computer.resume(),
            Action::Step => self.computer.step(),
            Action::SwapSides => {
                let [first, second] = self.settings.players();
                self.seat([second, first]);
            }
            Action::Shortcuts => self.show_shortcuts = true,
            Action::SetUpPosition => {
                self.computer.cancel();
                let variant = self.game.variant();
                let setup = SetUp::from_view(variant, self.current_view());
                self.setup = Some(setup);
                self.notice = None;
            }
            Action::About => self.show_about = true,
            Action::CopyMoves => {
                // The whole game, as Save game writes it, whichever move is shown.
                let list = self.game.main_line();
                if let Some(ctx) = ctx {
                    ctx.copy_text(list.clone());
                }
                self.say(format!("Copied the moves to the clipboard: {list}"), false);
            }
            Action::PasteMoves => self.paste_open = true,
            Action::SaveGame => match self.game_path.clone() {
                Some(path) => self.save_to(path),
                None => self.choose_file(FileTask::SaveAs),
            },
            Action::SaveGameAs => self.choose_file(FileTask::SaveAs),
            Action::OpenGame => self.choose_file(FileTask::Open),
            Action::SaveSettings => match self.settings_file.save(&self.settings) {
                Ok(()) => {
                    let path = self.settings_file.path().display();
                    self.say(format!("Saved the settings to {path}"), false);
                }
                Err(e) => self.say(e.to_string(), true),
            },
            Action::LoadSettings => {
                let (settings, read) = self.settings_file.load();
                let before = self.settings.players();
                let new_game = settings.variant() != self.game.variant();
                self.settings = settings;
                self.computer.cancel();
                if new_game {
                    self.new_game(before);
                }
                if read {
                    let path = self.settings_file.path().display();
                    self.say(format!("Loaded the settings from {path}"), false);
                }
            }
            Action::Quit => {
                if let Some(ctx) = ctx {
                    ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                }
            }
        }
    }

    /// Changes the position being set up, if the editor is open; the problem Done named, if
    /// any, goes with the change.
    fn edit_setup(&mut self, edit: impl FnOnce(&mut SetUp)) {
        if let Some(setup) = &mut self.setup {
            edit(setup);
            self.notice = None;
        }
    }

    /// Plays pasted text (a move list or a game file) as a new game; true if it was read.
    fn paste(&mut self, text: &str) -> bool {
        match files::parse_paste(text, self.game.variant()) {
            Ok(game) => {
                let n = game.moves().len();
                self.load_game(game);
                self.say(format!("Played {n} pasted moves"), false);
                true
            }
            Err(e) => {
                self.say(format!("The pasted game was not loaded: {e}"), true);
                false
            }
        }
    }

    /// Asks for a file for `task`: the platform's dialog, or else the path box. The dialog
    /// starts near the game's own file or the last one used.
    fn choose_file(&mut self, task: FileTask) {
        let near = self
            .game_path
            .clone()
            .or_else(|| self.settings.recent_games.first().cloned());
        if !self.dialogs.ask(task, near.as_deref()) {
            let text = near.map(|p| p.display().to_string()).unwrap_or_default();
            self.path_box = Some((task, text));
        }
    }

    /// Puts the game in the file at `path` on the board, or lists the games of a file of
    /// several to pick one from; a file that cannot be read leaves the board as it was and
    /// says why.
    fn open_from(&mut self, path: PathBuf) {
        match files::open_file(&path) {
            Ok(Opened::Game(game)) => {
                self.load_game(game);
                self.saved = Some(self.game.revision());
                self.say(format!("Opened {}", path.display()), false);
                self.settings.remember_game_file(&path);
                self.game_path = Some(path);
            }
            Ok(Opened::List(records)) => {
                self.say(
                    format!("{} holds {} games: pick one", path.display(), records.len()),
                    false,
                );
                self.settings.remember_game_file(&path);
                self.game_list = Some(GameList::new(path, records));
            }
            Err(e) => self.say(format!("The game was not opened: {e}"), true),
        }
    }

    /// Puts the game picked from the list on the board. It has no file of its own: Save
    /// game asks where to write it, and the file it came from is never written over.
    fn open_listed(&mut self, index: usize) {
        let Some(list) = &self.game_list else { return };
        let Some(record) = list.records.get(index) else {
            return;
        };
        match files::game_from_record(record) {
            Ok(game) => {
                let words = format!(
                    "Game {} of {} from {}: {}",
                    index + 1,
                    list.records.len(),
                    list.path.display(),
                    record.title()
                );
                self.game_list = None;
                self.load_game(game);
                self.saved = Some(self.game.revision());
                self.say(words, false);
            }
            Err(e) => self.say(format!("The game was not opened: {e}"), true),
        }
    }

    /// Writes the whole game, whichever move is shown, to `path`.
    fn save_to(&mut self, path: PathBuf) {
        let [black, white] = self.settings.players().map(choice_text);
        let players = Players {
            black: &black,
            white: &white,
        };
        match files::save_game(&self.game, &path, players) {
            Ok(()) => {
                let n = self.game.moves().len();
                let plural = if n == 1 { "" } else { "s" };
                self.say(
                    format!("Saved the game ({n} move{plural}) to {}", path.display()),
                    false,
                );
                self.saved = Some(self.game.revision());
                self.settings.remember_game_file(&path);
                self.game_path = Some(path);
            }
            Err(e) => self.say(format!("The game was not saved: {e}"), true),
        }
    }

    fn ask_for_hint(&mut self) {
        let view = self.current_view();
        let (over, side, must_pass) = (view.outcome.is_over(), view.to_move, view.must_pass);
        let name = side_name(self.game.variant(), side);
        if over {
            self.say("The game is over: there is nothing to hint", true);
        } else if !self.is_person(side) {
            self.say(
                format!("Hints are for a person to move, and the computer plays {name}"),
                true,
            );
        } else if must_pass {
            self.say(format!("{name} has no legal move and must pass"), true);
        } else if !self.hints.is_asked() {
            self.hints.ask(&self.game, self.seeds.draw());
        }
    }

    /// Starts `next`, putting the game on the board aside (with `players`, who played it)
    /// so that Undo can bring it back.
    fn start_game(&mut self, next: Game, players: [PlayerChoice; 2]) {
        self.computer.cancel();
        // Pause belongs to the game that was paused: the new one starts in play.
        self.computer.resume();
        let previous = std::mem::replace(&mut self.game, next);
        self.shelf.start_new(SetAside {
            game: previous,
            players,
        });
        self.notice = None;
        self.game_path = None;
        self.saved = None;
        self.setup = None;
    }

    /// Puts a game read from a file or pasted on the board; the one there is put aside.
    fn load_game(&mut self, game: Game) {
        let before = self.settings.players();
        self.settings.set_variant(game.variant());
        self.settings.fit_players();
        self.start_game(game, before);
    }

    /// A new game of the chosen game and size; `players` played the one put aside.
    fn new_game(&mut self, players: [PlayerChoice; 2]) {
        let game = Game::new(self.settings.variant()).expect("settings are valid");
        self.start_game(game, players);
    }

    /// Seats `players` (first, second). The game goes on from the position shown: a
    /// computer now to move starts thinking.
    fn seat(&mut self, players: [PlayerChoice; 2]) {
        if players != self.settings.players() {
            self.settings.set_players(players);
            self.computer.cancel();
        }
    }

    /// Brings back a game that was put aside, with its players, in place of this one (which
    /// is kept on the other side, if it has moves).
    fn bring_back(&mut self, backward: bool) {
        let current = SetAside {
            game: self.game.clone(),
            players: self.settings.players(),
        };
        let restored = if backward {
            self.shelf.back(current)
        } else {
            self.shelf.forward(current)
        };
        let Some(SetAside { game, players }) = restored else {
            return;
        };
        self.computer.cancel();
        self.settings.set_variant(game.variant());
        self.settings.set_players(players);
        let word = if backward { "Back to" } else { "On to" };
        let text = format!("{word} the game {}", game.summary());
        self.game = game;
        self.game_path = None;
        self.saved = None;
        self.setup = None;
        self.say(text, false);
    }

    /// Brings the work around the game up to date with it: the computer's turn, the hint,
    /// Analysis mode and the review. Once a frame, before the layout, and again after
    /// commands.
    fn refresh(&mut self, now: f64) {
        match self.dialogs.poll() {
            Some(Answer::Chosen(FileTask::Open, path)) => self.open_from(path),
            // The platform's dialog has asked about replacing a file already.
            Some(Answer::Chosen(FileTask::SaveAs, path)) => self.save_to(path),
            Some(Answer::Failed(task)) => {
                self.say(
                    "No file dialog could be shown (is xdg-desktop-portal running?): \
                     type the file's path",
                    true,
                );
                self.choose_file(task);
            }
            Some(Answer::Cancelled) | None => {}
        }
        if self.setup.is_none() {
            self.pass_for_person();
            self.advance_computer(now);
        }
        if self
            .notice
            .as_ref()
            .is_some_and(|(_, at)| *at != self.game.shown())
        {
            self.notice = None;
        }
        let over = self.current_view().outcome.is_over();
        self.hints.refresh(self.game.shown());
        let analysis = self.settings.display.analysis;
        self.studies.refresh(&self.game, analysis, over);
    }

    /// Passes for a person with no legal move at the end of the game, and says so: there is
    /// nothing else they could do.
    fn pass_for_person(&mut self) {
        let view = self.current_view();
        let (over, side, must_pass) = (view.outcome.is_over(), view.to_move, view.must_pass);
        if must_pass && !over && self.is_person(side) && self.game.at_end() {
            self.computer.cancel();
            if self.game.play(Move::Pass).is_ok() {
                let name = side_name(self.game.variant(), side);
                self.say(format!("{name} has no legal move and passes"), false);
            }
        }
    }

    /// Plays the computer's answer once it has come and the delay has passed, or starts the
    /// computer when it is to move at the end of the game.
    fn advance_computer(&mut self, now: f64) {
        let watching = self.watching();
        if let Some(answer) = self.computer.due(now, self.delay(), watching) {
            if let Some(mv) = answer.mv {
                self.play_computer_move(mv, now);
            }
        } else if self.computer.may_start(watching) && self.game.at_end() {
            self.start_computer(now);
        }
    }

    /// Starts the computer's search if the computer is to move in a game not over.
    fn start_computer(&mut self, now: f64) {
        let view = self.current_view();
        let (over, side) = (view.outcome.is_over(), view.to_move);
        if over {
            return;
        }
        let Some(computer) = self.computer_at(side) else {
            return;
        };
        let job = self.game.computer_job(computer, self.seeds.draw());
        self.computer.start(job, self.game.shown(), now);
    }

    fn play_computer_move(&mut self, mv: Move, now: f64) {
        let variant = self.game.variant();
        let side = self.game.side_to_move();
        self.update_view();
        match self.game.play(mv) {
            Ok(()) => {
                let after = self.game.view();
                let animation = Animation::between(&self.view, &after);
                self.animation = Some((now, self.game.shown(), animation));
                self.view = after;
                self.view_of = self.game.shown();
                if mv == Move::Pass {
                    let name = side_name(variant, side);
                    self.say(format!("{name} has no legal move and passes"), false);
                }
            }
            Err(e) => self.say(
                format!(
                    "The computer's move {mv} was refused: {}",
                    explain(e, variant)
                ),
                true,
            ),
        }
    }

    /// The board view of the shown position, built again if the position changed.
    fn current_view(&mut self) -> &BoardView {
        self.update_view();
        &self.view
    }

    fn update_view(&mut self) {
        let shown = self.game.shown();
        if self.view_of != shown {
            self.view = self.game.view();
            self.view_of = shown;
        }
    }

    /// The computer's last move and how far its animation is (0 to 1), while it runs on the
    /// position shown; it ends when its time is up or the position changes.
    fn animation_at(&mut self, now: f64) -> Option<(Animation, f32)> {
        let (since, shown, animation) = self.animation.as_ref()?;
        let t = (now - since) / ANIMATION_SECONDS;
        if t < 1.0 && *shown == self.game.shown() {
            Some((animation.clone(), t.max(0.0) as f32))
        } else {
            self.animation = None;
            None
        }
    }

    /// In the review, shown just before one of the costly moves it marks: the better move.
    fn better_move(&self) -> Option<Move> {
        let review = self.studies.review(&self.game)?;
        let cursor = self.game.cursor();
        let marked = super::chart::marked_moves(&review, self.game.variant());
        marked
            .contains(&cursor)
            .then(|| review.moves.get(cursor)?.best)
            .flatten()
    }

    /// The computer's search as the status line and board show it; none while play is
    /// paused, when a search that goes on is only held.
    fn thought(&self) -> Option<Thought> {
        if self.computer.is_paused() && self.watching() {
            return None;
        }
        let computer = self.computer_at(self.game.side_to_move())?;
        self.computer.thought(computer)
    }

    /// Shows a message about the position shown, replacing the last one.
    fn say(&mut self, text: impl Into<String>, is_problem: bool) {
        let notice = Notice {
            text: text.into(),
            is_problem,
        };
        self.notice = Some((notice, self.game.shown()));
    }

    fn computer_at(&self, side: Side) -> Option<PlayerSpec> {
        match self.settings.player(side) {
            PlayerChoice::Person => None,
            PlayerChoice::Computer(c) => Some(c),
        }
    }

    fn is_person(&self, side: Side) -> bool {
        self.settings.player(side).is_person()
    }

    /// Nobody at the board: the computers play each other and can be paused.
    fn watching(&self) -> bool {
        !Side::BOTH.into_iter().any(|s| self.is_person(s))
    }

    fn delay(&self) -> f64 {
        self.settings.computer_delay_ms as f64 / 1000.0
    }

    fn apply_theme(&mut self, ctx: &egui::Context) {
        let theme = self.settings.display.theme;
        if self.applied_theme != Some(theme) {
            ctx.set_theme(match theme {
                Theme::System => egui::ThemePreference::System,
                Theme::Light => egui::ThemePreference::Light,
                Theme::Dark => egui::ThemePreference::Dark,
            });
            self.applied_theme = Some(theme);
        }
    }
}
