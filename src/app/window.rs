//! The app: its state, one frame of UI, and the one place where commands change the game.

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use egui::{RichText, Ui};

use crate::ai::analysis::Analysis;
use crate::ai::review::Review;
use crate::ai::{Level, PlayerSpec};
use crate::core::{Move, PlayError, Side, Variant};

use super::board::{self, ANIMATION_SECONDS, Animation, BoardStyle, side_name};
use super::command::{Action, Command};
use super::files;
use super::panel::Panel;
use super::session::{Game, SetAside, Shelf};
use super::settings::{PlayerChoice, Settings, SettingsError, Theme};
use super::status::{Notice, Status, Thought, explain, result_overlay, result_text};
use super::worker::{Answer, Background, Worker};

/// The computer's turn in progress.
#[derive(Clone, Copy, Debug)]
struct Thinking {
    /// When it started, in egui's clock (seconds).
    since: f64,
    /// The answer, once the worker has sent it; played when the delay has passed.
    answer: Option<Answer>,
}

/// A hint asked for by the person to move.
#[derive(Clone, Debug)]
struct Hint {
    /// The position it is for (see [`BoardplayApp::position_stamp`]); once the shown
    /// position differs, the hint is dropped and its search cancelled.
    stamp: String,
    /// Who it is for.
    side: Side,
    /// The move, once found.
    mv: Option<Move>,
}

/// The level whose choice a hint shows: strong, and quick enough to wait for.
const HINT_LEVEL: Level = Level::Hard;

/// The whole app state. The window (eframe) and the UI tests drive it through
/// [`BoardplayApp::show`].
pub struct BoardplayApp {
    settings: Settings,
    settings_path: PathBuf,
    /// The settings file could not be read. It is left untouched on exit until the person
    /// saves, so nothing they might want to repair is lost.
    keep_settings_file: bool,
    settings_message: Option<String>,
    game: Game,
    worker: Worker,
    thinking: Option<Thinking>,
    /// Hints search on their own worker, so asking for one never disturbs the computer.
    hint_worker: Worker,
    hint: Option<Hint>,
    /// Analysis mode's search of the shown position, beside the computer and the hint; its
    /// stamp is [`BoardplayApp::position_stamp`].
    analysis: Background<Analysis>,
    /// The review of a finished game; its stamp is [`Game::stamp`].
    review: Background<Review>,
    /// The games put aside by starting new ones, for Undo and Redo to go back to.
    shelf: Shelf,
    /// Computer-against-computer play is held (see [`Action::Pause`]).
    paused: bool,
    /// One computer move may be played while paused.
    step: bool,
    /// The computer's last move being shown: when it was played (egui's clock, which tests
    /// drive), the position it led to (see [`BoardplayApp::position_stamp`]), and what
    /// changed.
    animation: Option<(f64, String, Animation)>,
    notice: Option<Notice>,
    paste: String,
    seed: u64,
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
        let worker = Worker::new(Arc::clone(&wake));
        let hint_worker = Worker::new(Arc::clone(&wake));
        let analysis = Background::new(Arc::clone(&wake));
        let review = Background::new(wake);
        let game = Game::new(settings.variant()).expect("settings hold only supported games");
        BoardplayApp {
            keep_settings_file: error.is_some(),
            settings_message: error.map(|e| e.to_string()),
            settings,
            settings_path,
            game,
            worker,
            thinking: None,
            hint_worker,
            hint: None,
            analysis,
            review,
            shelf: Shelf::default(),
            paused: false,
            step: false,
            animation: None,
            notice: None,
            paste: String::new(),
            seed: seed_from_clock(),
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
            self.cancel_computer();
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

    /// Replaces the game (tests set up positions through the rules core this way).
    pub fn set_game(&mut self, game: Game) {
        self.cancel_computer();
        self.game = game;
        self.notice = None;
    }

    /// Where the settings file is.
    pub fn settings_path(&self) -> &std::path::Path {
        &self.settings_path
    }

    /// Fixes the seed of the computer's random choices, for reproducible tests.
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// True while the computer's last move is being animated.
    pub fn is_animating(&self) -> bool {
        self.animation.is_some()
    }

    /// True while the computer is choosing a move (or waiting out its delay).
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// True while computer-against-computer play is paused.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// The hint's move, once found, if it is for the position shown.
    pub fn hint(&self) -> Option<Move> {
        self.hint
            .as_ref()
            .filter(|h| h.stamp == self.position_stamp())
            .and_then(|h| h.mv)
    }

    /// True while a hint is being searched for.
    pub fn is_hinting(&self) -> bool {
        self.hint.as_ref().is_some_and(|h| h.mv.is_none())
    }

    /// Blocks until the hint's search has answered, for at most `timeout` (for tests).
    pub fn wait_for_hint(&mut self, timeout: Duration) -> bool {
        if let Some(hint) = &mut self.hint
            && hint.mv.is_none()
        {
            hint.mv = self.hint_worker.wait(timeout).and_then(|a| a.mv);
        }
        self.hint().is_some()
    }

    /// The review of the finished game, as far as it has gone (none while the game is on).
    pub fn review(&self) -> Option<Review> {
        self.review.latest(&self.game.stamp())
    }

    /// Blocks until the review of the finished game is complete, for at most `timeout` (for
    /// tests). True if it is.
    pub fn wait_for_review(&mut self, timeout: Duration) -> bool {
        self.review.wait(timeout);
        self.review().is_some_and(|r| r.done)
    }

    /// The game Undo would go back to, from the start of this one (see [`Shelf`]).
    pub fn previous_game(&self) -> Option<&Game> {
        self.shelf.previous().map(|a| &a.game)
    }

    /// Analysis mode's values for the shown position, as far as they have been found.
    pub fn analysis(&self) -> Option<Analysis> {
        self.analysis.latest(&self.position_stamp())
    }

    /// True while Analysis mode is still refining the values of the shown position.
    pub fn is_analysing(&self) -> bool {
        self.analysis.is_busy()
    }

    /// Blocks until the analysis of the shown position has finished, for at most `timeout`
    /// (for tests). True if its final values are there.
    pub fn wait_for_analysis(&mut self, timeout: Duration) -> bool {
        self.analysis.wait(timeout);
        self.analysis().is_some_and(|a| a.done)
    }

    /// Blocks until the computer's answer has arrived from the worker, for at most `timeout`.
    /// The move is played by the next frame (after the move delay). Returns false if no
    /// answer came. Tests use this instead of sleeping.
    pub fn wait_for_computer(&mut self, timeout: Duration) -> bool {
        match &mut self.thinking {
            Some(Thinking {
                answer: Some(_), ..
            }) => true,
            Some(thinking) => match self.worker.wait(timeout) {
                Some(answer) => {
                    thinking.answer = Some(answer);
                    true
                }
                None => false,
            },
            None => false,
        }
    }

    /// Saves the settings (unless the file was broken and never saved since) and stops the
    /// computer. Called when the window closes.
    pub fn shutdown(&mut self) {
        self.cancel_computer();
        self.hint_worker.cancel();
        self.analysis.stop();
        self.review.stop();
        if self.keep_settings_file {
            eprintln!(
                "boardplay: not overwriting the unreadable settings file {} (use Save settings)",
                self.settings_path.display()
            );
            return;
        }
        if let Err(e) = self.settings.save(&self.settings_path) {
            eprintln!("boardplay: {e}");
        }
    }

    /// Starts `next`, putting the game on the board aside (with `players`, who played it)
    /// so that Undo can bring it back.
    fn start_game(&mut self, next: Game, players: [PlayerChoice; 2]) {
        self.cancel_computer();
        let previous = std::mem::replace(&mut self.game, next);
        self.shelf.start_new(SetAside {
            game: previous,
            players,
        });
        self.notice = None;
    }

    /// Seats `players` (first, second). Mid-game that starts a new game from the same
    /// starting position, and the old one can be brought back by Undo.
    fn seat(&mut self, players: [PlayerChoice; 2]) {
        let before = self.settings.players();
        if players == before {
            return;
        }
        self.settings.set_players(players);
        if self.game.moves().is_empty() {
            self.cancel_computer();
        } else {
            let fresh = self.game.restart();
            self.start_game(fresh, before);
            self.say(
                "A new game with the new players; Undo goes back to the last one",
                false,
            );
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
        self.cancel_computer();
        self.settings.set_variant(game.variant());
        self.settings.set_players(players);
        let word = if backward { "Back to" } else { "On to" };
        let text = format!("{word} the game {}", game.summary());
        self.game = game;
        self.say(text, false);
    }

    fn is_person(&self, side: Side) -> bool {
        self.settings.player(side).is_person()
    }

    /// Nobody at the board: the computers play each other and can be paused.
    fn watching(&self) -> bool {
        !Side::BOTH.into_iter().any(|s| self.is_person(s))
    }

    /// What identifies the shown position: the moves that led to it and the board.
    fn position_stamp(&self) -> String {
        format!("{} {}", self.game.move_list(), self.game.board_string())
    }

    /// How far the computer's move animation is (0 to 1), while it runs on the position
    /// shown; it ends when its time is up or the position changes.
    fn animation_progress(&self, now: f64) -> Option<f32> {
        let (since, stamp, _) = self.animation.as_ref()?;
        let t = (now - since) / ANIMATION_SECONDS;
        (t < 1.0 && *stamp == self.position_stamp()).then_some(t.max(0.0) as f32)
    }

    /// Collects the hint's answer, and drops the hint (cancelling its search) once the shown
    /// position is no longer the one it was asked for.
    fn refresh_hint(&mut self) {
        let stamp = self.position_stamp();
        let Some(hint) = &mut self.hint else { return };
        if hint.stamp != stamp {
            self.hint_worker.cancel();
            self.hint = None;
            return;
        }
        if hint.mv.is_none()
            && let Some(answer) = self.hint_worker.poll()
        {
            hint.mv = answer.mv;
        }
    }

    /// Keeps Analysis mode's search on the shown position: starts it when the mode is on
    /// and the game is not over, restarts it on a new position (the old one is cancelled,
    /// and its slot dropped with its stale values), and stops it when the mode is off.
    fn refresh_analysis(&mut self) {
        if self.settings.display.analysis && !self.game.view().outcome.is_over() {
            let depth = analysis_depth(self.game.variant());
            let game = &self.game;
            self.analysis
                .keep_on(self.position_stamp(), |slot| game.analysis_job(depth, slot));
        } else {
            self.analysis.stop();
        }
    }

    /// Reviews a game once it is finished (see [`crate::ai::review`]), in the background,
    /// and drops the review when the game on the board changes.
    fn refresh_review(&mut self) {
        if self.game.is_finished() {
            let depth = review_depth(self.game.variant());
            let game = &self.game;
            self.review
                .keep_on(game.stamp(), |slot| game.review_job(depth, slot));
        } else {
            self.review.stop();
        }
    }

    fn computer_at(&self, side: Side) -> Option<PlayerSpec> {
        match self.settings.player(side) {
            PlayerChoice::Person => None,
            PlayerChoice::Computer(c) => Some(c),
        }
    }

    /// One frame: the side panel, the status line, the board and its overlays.
    pub fn show(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        let _ = self.repaint.set(ctx.clone());
        let now = ui.input(|i| i.time);
        self.apply_theme(&ctx);
        self.advance_computer(now);
        self.refresh_hint();
        self.refresh_analysis();
        self.refresh_review();

        let undo = self.game.undo_target(|s| self.is_person(s));
        let redo = self.game.redo_target(|s| self.is_person(s));
        let can_undo = undo.is_some() || self.shelf.previous().is_some();
        let can_redo = redo.is_some() || self.shelf.next().is_some();
        let view = self.game.view();
        let watch = self.watching() && !view.outcome.is_over();
        let paused = self.paused;
        let enabled = move |action: Action| match action {
            Action::Undo => can_undo,
            Action::Redo => can_redo,
            Action::Pause => watch && !paused,
            Action::Resume | Action::Step => watch && paused,
            _ => true,
        };
        let mut commands = Vec::new();
        if !ctx.egui_wants_keyboard_input() {
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

        if let Some(message) = &self.settings_message {
            egui::Panel::top("settings-message").show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.label(RichText::new(message).color(ui.visuals().warn_fg_color));
                    if ui.button("Dismiss").clicked() {
                        commands.push(Command::DismissSettingsMessage);
                    }
                });
            });
        }

        let review = self.review();
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
                    can_undo,
                    can_redo,
                    // Only from where Undo has no move of this game left to take back.
                    previous_game: undo
                        .is_none()
                        .then(|| self.shelf.previous().map(|a| &a.game))
                        .flatten(),
                    review: review.as_ref(),
                    can_hint,
                    paste: &mut self.paste,
                    settings_path: &self.settings_path,
                };
                commands.extend(panel.show(ui));
            });

        egui::CentralPanel::default().show(ui, |ui| {
            self.status(ui, &mut commands);
            ui.add_space(4.0);
            self.board(ui, &mut commands);
        });

        if !commands.is_empty() {
            // The state changed after this frame was laid out: show it.
            ctx.request_repaint();
        }
        for command in commands {
            self.apply(command, Some(&ctx));
        }
        self.advance_computer(now);
        self.refresh_hint();
        self.refresh_analysis();
        self.refresh_review();
        if self.animation_progress(now).is_some() {
            ctx.request_repaint();
        }
        if let Some(thinking) = &self.thinking
            && thinking.answer.is_some()
        {
            let left = self.delay() - (now - thinking.since);
            ctx.request_repaint_after(Duration::from_secs_f64(left.max(0.0)));
        }
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

    /// Starts the computer when it is to move, and plays its answer when it has come and the
    /// delay has passed.
    /// While computer-against-computer play is paused, a search may finish but its move is
    /// held, and no new search starts, unless one step was asked for.
    fn advance_computer(&mut self, now: f64) {
        let delay = self.delay();
        let hold = self.paused && self.watching() && !self.step;
        if let Some(thinking) = &mut self.thinking {
            if thinking.answer.is_none() {
                thinking.answer = self.worker.poll();
            }
            if let Some(answer) = thinking.answer
                && now - thinking.since >= delay
                && !hold
            {
                self.thinking = None;
                self.step = false;
                self.play_computer_answer(answer, now);
                return;
            }
        }
        if self.thinking.is_none() && self.game.at_end() && !hold {
            self.start_computer(now);
        }
    }

    fn start_computer(&mut self, now: f64) {
        let view = self.game.view();
        if view.outcome.is_over() {
            return;
        }
        let Some(computer) = self.computer_at(view.to_move) else {
            return;
        };
        self.seed = next_seed(self.seed);
        self.worker
            .start(self.game.computer_job(computer, self.seed));
        self.thinking = Some(Thinking {
            since: now,
            answer: None,
        });
    }

    fn play_computer_answer(&mut self, answer: Answer, now: f64) {
        let Some(mv) = answer.mv else { return };
        let variant = self.game.variant();
        let side = self.game.side_to_move();
        let before = self.game.view();
        let played = self.game.play(mv);
        if played.is_ok() {
            let animation = Animation::between(&before, &self.game.view());
            self.animation = Some((now, self.position_stamp(), animation));
        }
        match played {
            Ok(()) if mv == Move::Pass => {
                self.notice = Some(Notice {
                    text: format!("{} had no legal move and passed", side_name(variant, side)),
                    is_problem: false,
                });
            }
            Ok(()) => {}
            Err(e) => {
                self.notice = Some(Notice {
                    text: format!(
                        "The computer's move {mv} was refused: {}",
                        explain(e, variant)
                    ),
                    is_problem: true,
                });
            }
        }
    }

    fn cancel_computer(&mut self) {
        if self.thinking.take().is_some() {
            self.worker.cancel();
        }
    }

    fn say(&mut self, text: impl Into<String>, is_problem: bool) {
        self.notice = Some(Notice {
            text: text.into(),
            is_problem,
        });
    }

    /// Applies one command. This is the only place the game and settings change in response
    /// to the person (display options aside).
    pub fn apply(&mut self, command: Command, ctx: Option<&egui::Context>) {
        let variant = self.game.variant();
        match command {
            Command::Click(cell) => {
                let side = self.game.side_to_move();
                if let Some(computer) = self.computer_at(side)
                    && !self.game.view().outcome.is_over()
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
                    Ok(()) => {
                        self.cancel_computer();
                        self.notice = None;
                    }
                    Err(e @ PlayError::MustPass(_)) => self.say(
                        format!("{cell} is not a legal move: {}", explain(e, variant)),
                        true,
                    ),
                    Err(e) => self.say(explain(e, variant), true),
                }
            }
            Command::Jump(index) => {
                self.cancel_computer();
                self.game.jump(index);
                self.notice = None;
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
            Command::Paste(text) => match files::parse_paste(&text, variant) {
                Ok(game) => {
                    let n = game.moves().len();
                    self.load_game(game);
                    self.say(format!("Played {n} pasted moves"), false);
                }
                Err(e) => self.say(format!("The pasted game was not loaded: {e}"), true),
            },
            Command::DismissSettingsMessage => self.settings_message = None,
        }
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

    fn apply_action(&mut self, action: Action, ctx: Option<&egui::Context>) {
        match action {
            Action::NewGame => self.new_game(self.settings.players()),
            Action::Undo => {
                if let Some(target) = self.game.undo_target(|s| self.is_person(s)) {
                    self.cancel_computer();
                    self.game.jump(target);
                    self.notice = None;
                } else {
                    self.bring_back(true);
                }
            }
            Action::Redo => {
                if let Some(target) = self.game.redo_target(|s| self.is_person(s)) {
                    self.cancel_computer();
                    self.game.jump(target);
                    self.notice = None;
                } else {
                    self.bring_back(false);
                }
            }
            Action::Pass => {
                let side = self.game.side_to_move();
                if !self.is_person(side) {
                    return;
                }
                match self.game.play(Move::Pass) {
                    Ok(()) => self.notice = None,
                    Err(e) => self.say(explain(e, self.game.variant()), true),
                }
            }
            Action::ComputerMove => {
                if self.thinking.is_none() {
                    let now = ctx.map_or(0.0, |c| c.input(|i| i.time));
                    self.start_computer(now);
                }
            }
            Action::Hint => self.ask_for_hint(),
            Action::Pause => {
                self.paused = true;
                self.step = false;
            }
            Action::Resume => {
                self.paused = false;
                self.step = false;
            }
            Action::Step => {
                if self.paused {
                    self.step = true;
                }
            }
            Action::CopyMoves => {
                let list = self.game.move_list();
                if let Some(ctx) = ctx {
                    ctx.copy_text(list.clone());
                }
                self.say(format!("Copied the moves to the clipboard: {list}"), false);
            }
            Action::PasteMoves => {
                let text = std::mem::take(&mut self.paste);
                self.apply(Command::Paste(text), ctx);
            }
            Action::SaveGame => {
                let path = self.settings.game_file.clone();
                match files::save_game(&self.game, &path) {
                    Ok(()) => self.say(format!("Saved the game to {}", path.display()), false),
                    Err(e) => self.say(format!("The game was not saved: {e}"), true),
                }
            }
            Action::OpenGame => {
                let path = self.settings.game_file.clone();
                match files::open_game(&path) {
                    Ok(game) => {
                        self.load_game(game);
                        self.say(format!("Opened {}", path.display()), false);
                    }
                    Err(e) => self.say(format!("The game was not opened: {e}"), true),
                }
            }
            Action::SaveSettings => match self.settings.save(&self.settings_path) {
                Ok(()) => {
                    self.keep_settings_file = false;
                    self.settings_message = None;
                    let path = self.settings_path.display();
                    self.say(format!("Saved the settings to {path}"), false);
                }
                Err(e) => self.say(e.to_string(), true),
            },
            Action::LoadSettings => {
                let (settings, error) = Settings::load(&self.settings_path);
                self.keep_settings_file = error.is_some();
                self.settings_message = error.map(|e| e.to_string());
                let before = self.settings.players();
                let new_game = settings.variant() != self.game.variant();
                self.settings = settings;
                self.cancel_computer();
                if new_game {
                    self.new_game(before);
                }
                if self.settings_message.is_none() {
                    let path = self.settings_path.display();
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

    fn ask_for_hint(&mut self) {
        let view = self.game.view();
        let name = side_name(self.game.variant(), view.to_move);
        if view.outcome.is_over() {
            self.say("The game is over: there is nothing to hint", true);
        } else if !self.is_person(view.to_move) {
            self.say(
                format!("Hints are for a person to move, and the computer plays {name}"),
                true,
            );
        } else if view.must_pass {
            self.say(format!("{name} has no legal move and must pass"), true);
        } else if self.hint.is_none() {
            self.seed = next_seed(self.seed);
            let job = self
                .game
                .computer_job(PlayerSpec::Level(HINT_LEVEL), self.seed);
            self.hint_worker.start(job);
            self.hint = Some(Hint {
                stamp: self.position_stamp(),
                side: view.to_move,
                mv: None,
            });
            self.notice = None;
        }
    }

    /// The computer's search as the status line and board show it.
    fn thought(&self) -> Option<Thought> {
        self.thinking.as_ref()?;
        let computer = self.computer_at(self.game.side_to_move())?;
        let name = self.worker.name();
        let player = match computer {
            PlayerSpec::Level(level) => format!("{level}: {name}"),
            _ => name.to_string(),
        };
        Some(Thought {
            player,
            progress: self.worker.progress(),
        })
    }

    fn status(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        let view = self.game.view();
        let over = view.outcome.is_over();
        let status = Status {
            variant: self.game.variant(),
            view: &view,
            cursor: self.game.cursor(),
            moves: self.game.moves().len(),
            computer_to_move: self.computer_at(view.to_move),
            thinking: self.thought(),
            hint: self
                .hint
                .as_ref()
                .filter(|h| h.stamp == self.position_stamp())
                .map(|h| (h.side, h.mv)),
            paused: (self.watching() && !over).then_some(self.paused),
            notice: self.notice.as_ref(),
        };
        commands.extend(status.show(ui));
    }

    fn board(&mut self, ui: &mut Ui, commands: &mut Vec<Command>) {
        let now = ui.input(|i| i.time);
        let animation = match self.animation_progress(now) {
            Some(t) => self.animation.as_ref().map(|(_, _, a)| (a.clone(), t)),
            None => {
                self.animation = None;
                None
            }
        };
        let view = self.game.view();
        let variant = self.game.variant();
        let area = ui.available_rect_before_wrap();
        let place = |mv: Option<Move>| match mv {
            Some(Move::Place(cell)) => Some(cell),
            _ => None,
        };
        let style = BoardStyle {
            display: self.settings.display,
            person_to_move: self.is_person(view.to_move) && !view.outcome.is_over(),
            hint: place(self.hint()),
            best: place(self.thought().and_then(|t| t.progress).and_then(|p| p.best)),
            animation,
            analysis: self.analysis(),
        };
        if let Some(cell) = board::show(ui, &view, variant, &style) {
            commands.push(Command::Click(cell));
        }
        if view.outcome.is_over() {
            result_overlay(
                ui,
                area,
                &result_text(variant, view.outcome, view.counts),
                commands,
            );
        }
    }
}

/// How deep Analysis mode searches each move where it cannot solve: deep enough to be a
/// fair estimate, shallow enough to finish in seconds on the bigger boards.
fn analysis_depth(variant: Variant) -> u32 {
    if variant.rows() * variant.cols() <= 64 {
        8
    } else {
        6
    }
}

/// How deep the review of a finished game searches where it cannot solve: every position
/// of the game is searched, so shallower than Analysis mode (under a second on 8x8, about a
/// second on 12x12).
fn review_depth(variant: Variant) -> u32 {
    if variant.rows() * variant.cols() <= 64 {
        6
    } else {
        4
    }
}

/// The next seed of a simple generator, so every search gets its own seed.
fn next_seed(seed: u64) -> u64 {
    seed.wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407)
}

fn seed_from_clock() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
