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
use super::files;
use super::hint::Hints;
use super::panel::Panel;
use super::session::{BoardView, Game, SetAside, Shelf, Shown};
use super::settings::{PlayerChoice, Settings, SettingsError, Theme};
use super::settings_file::SettingsFile;
use super::status::{Notice, Status};
use super::studies::Studies;
use super::words::{explain, side_name};

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
    paste: String,
    /// The file the game on the board was opened from or last saved to: Save game writes
    /// over it without asking.
    game_path: Option<PathBuf>,
    /// A file Save game would write over, waiting for the person to say yes or no.
    overwrite: Option<PathBuf>,
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
            hints: Hints::new(Arc::clone(&wake)),
            studies: Studies::new(wake),
            shelf: Shelf::default(),
            animation: None,
            notice: None,
            paste: String::new(),
            game_path: None,
            overwrite: None,
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
        let can_hint = !view.outcome.is_over() && self.is_person(view.to_move);
        // The panel gives way in a small window, so the board stays playable.
        let widest = (ui.available_width() * 0.4).max(170.0);
        egui::Panel::left("side-panel")
            .resizable(true)
            .default_size(250.0_f32.min(widest))
            .size_range(170.0..=widest)
            .show(ui, |ui| {
                let panel = Panel {
                    settings: &mut self.settings,
                    game: &self.game,
                    enabled,
                    // Only from where Undo has no move of this game left to take back.
                    previous_game: undo
                        .is_none()
                        .then(|| self.shelf.previous().map(|a| &a.game))
                        .flatten(),
                    review: review.as_ref(),
                    can_hint,
                    paste: &mut self.paste,
                    settings_path: self.settings_file.path(),
                };
                commands.extend(panel.show(ui));
            });

        egui::CentralPanel::default().show(ui, |ui| {
            self.status(ui, &mut commands);
            ui.add_space(4.0);
            self.board(ui, animation, &mut commands);
        });
        self.overwrite_question(ui, &mut commands);
        commands
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

    /// Asks before Save game writes over a file that is not this game's own.
    fn overwrite_question(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        let Some(path) = &self.overwrite else { return };
        let modal = egui::Modal::new(egui::Id::unique("overwrite")).show(ui.ctx(), |ui| {
            ui.set_max_width(360.0);
            ui.heading("Replace the file?");
            ui.label(format!(
                "{} already exists. Replacing it loses what it holds.",
                path.display()
            ));
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button("Replace").clicked() {
                    commands.push(Command::ConfirmOverwrite);
                }
                if ui.button("Cancel").clicked() {
                    commands.push(Command::CancelOverwrite);
                }
            });
        });
        if modal.should_close() {
            commands.push(Command::CancelOverwrite);
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
            Command::SwapSides => {
                let [first, second] = self.settings.players();
                self.seat([second, first]);
            }
            Command::Paste(text) => {
                self.paste(&text);
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
                if !self.computer.is_thinking() {
                    let now = ctx.map_or(0.0, |c| c.input(|i| i.time));
                    self.start_computer(now);
                }
            }
            Action::Hint => self.ask_for_hint(),
            Action::Pause => self.computer.pause(),
            Action::Resume => self.computer.resume(),
            Action::Step => self.computer.step(),
            Action::CopyMoves => {
                // The whole game, as Save game writes it, whichever move is shown.
                let list = self.game.main_line();
                if let Some(ctx) = ctx {
                    ctx.copy_text(list.clone());
                }
                self.say(format!("Copied the moves to the clipboard: {list}"), false);
            }
            Action::PasteMoves => {
                // The box keeps its text until it is played, so a mistake can be mended.
                let text = self.paste.clone();
                if self.paste(&text) {
                    self.paste.clear();
                }
            }
            Action::SaveGame => {
                let path = self.settings.game_file.clone();
                if path.exists() && self.game_path.as_ref() != Some(&path) {
                    self.overwrite = Some(path);
                } else {
                    self.save_to(path);
                }
            }
            Action::OpenGame => {
                let path = self.settings.game_file.clone();
                match files::open_game(&path) {
                    Ok(game) => {
                        self.load_game(game);
                        self.game_path = Some(path.clone());
                        self.say(format!("Opened {}", path.display()), false);
                    }
                    Err(e) => self.say(format!("The game was not opened: {e}"), true),
                }
            }
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

    /// Writes the whole game, whichever move is shown, to `path`.
    fn save_to(&mut self, path: PathBuf) {
        match files::save_game(&self.game, &path) {
            Ok(()) => {
                let n = self.game.moves().len();
                let plural = if n == 1 { "" } else { "s" };
                self.say(
                    format!("Saved the game ({n} move{plural}) to {}", path.display()),
                    false,
                );
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
        let previous = std::mem::replace(&mut self.game, next);
        self.shelf.start_new(SetAside {
            game: previous,
            players,
        });
        self.notice = None;
        self.game_path = None;
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
        self.say(text, false);
    }

    /// Brings the work around the game up to date with it: the computer's turn, the hint,
    /// Analysis mode and the review. Once a frame, before the layout, and again after
    /// commands.
    fn refresh(&mut self, now: f64) {
        self.pass_for_person();
        self.advance_computer(now);
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
        self.computer.start(job, now);
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
