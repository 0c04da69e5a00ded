//! The one place where commands change the game: what the person asked for, from a widget,
//! a menu or a shortcut.

use std::path::Path;

use crate::ai::{EngineSpec, PlayerSpec};
use crate::app::document::files;
use crate::app::document::settings::PlayerChoice;
use crate::app::view::command::{Action, Command};
use crate::app::view::file_dialogs::FileTask;
use crate::app::view::words::{explain, side_name};
use crate::app::window::setup::SetUp;
use crate::core::{Move, PlayError};

use super::BoardplayApp;

impl BoardplayApp {
    /// Applies one command. This is the only place the game and settings change in response
    /// to the person (display options aside).
    pub fn apply(&mut self, command: Command, ctx: Option<&egui::Context>) {
        let variant = self.document.game.variant();
        match command {
            Command::Click(cell) => {
                let side = self.document.game.side_to_move();
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
                if self.held()
                    && self.document.game.at_end()
                    && !self.current_view().outcome.is_over()
                {
                    self.say("The game is paused: Resume (Ctrl+P) to play on", true);
                    return;
                }
                match self.play_timed(Move::Place(cell), self.now) {
                    // The computer's turn follows the new position by itself.
                    Ok(()) => {}
                    Err(e @ PlayError::MustPass(_)) => self.say(
                        format!("{cell} is not a legal move: {}", explain(e, variant)),
                        true,
                    ),
                    Err(e) => self.say(explain(e, variant), true),
                }
            }
            Command::NewGameFrom(start) => self.new_game_from(start),
            Command::ChooseOpeningsFile => self.choose_file(FileTask::Openings),
            Command::Jump(index) => self.document.game.jump(index),
            Command::OpenVariation(index) => self.document.game.open_variation(index),
            Command::ConfirmOverwrite => {
                if let Some(path) = self.popups.overwrite.take() {
                    self.save_to(path);
                }
            }
            Command::CancelOverwrite => {
                if let Some(path) = self.popups.overwrite.take() {
                    self.say(
                        format!("Not saved: {} was left as it was", path.display()),
                        false,
                    );
                }
            }
            Command::Action(action) => self.apply_action(action, ctx),
            Command::SetGame(kind) => self.new_board(kind.standard()),
            Command::SetSize(size) => {
                if let Ok(board) = self.document.game.variant().kind().square(size) {
                    self.new_board(board);
                }
            }
            Command::SetPlayer(side, choice) => {
                if let PlayerChoice::Computer(PlayerSpec::Engine(engine)) = &choice {
                    self.settings.remember_engine(engine);
                    // Another engine than the one seated (not its depth or time changed):
                    // started now, to learn its name.
                    let seated = match self.settings.player(side) {
                        PlayerChoice::Computer(PlayerSpec::Engine(e)) => Some(e.command),
                        _ => None,
                    };
                    if seated.as_ref() != Some(&engine.command) {
                        self.jobs.engine_check.start(engine.clone(), true);
                    }
                }
                let mut players = self.settings.players();
                players[side.index()] = choice;
                self.seat(players);
            }
            Command::Paste(text) => {
                self.paste(&text);
            }
            Command::PlayPaste => {
                // The box keeps its text until it is played, so a mistake can be mended.
                let text = self.popups.paste_text().to_string();
                if self.paste(&text) {
                    self.popups.paste_played();
                }
            }
            Command::OpenPath(path) => {
                self.popups.path_box = None;
                self.open_from(path);
            }
            Command::SaveTo(path) => {
                self.popups.path_box = None;
                if path.exists() && self.document.path() != Some(path.as_path()) {
                    self.popups.overwrite = Some(path);
                } else {
                    self.save_to(path);
                }
            }
            Command::CancelPath => self.popups.path_box = None,
            Command::OpenListed(pick) => self.open_listed(pick),
            Command::CloseList => self.database = Default::default(),
            Command::CloseDatabaseFile(index) => {
                self.database.database.remove(index);
                self.database.files_changed();
            }
            Command::CancelOpen => {
                if let Some(path) = self.jobs.opener.cancel() {
                    self.say(
                        format!("Stopped reading {}: nothing was opened", path.display()),
                        false,
                    );
                }
            }
            Command::SetUpCell(cell) => self.edit_setup(|setup| setup.cycle(cell)),
            Command::SetUpToMove(side) => self.edit_setup(|setup| setup.to_move = side),
            Command::SetUpClear => self.edit_setup(SetUp::clear),
            Command::SetUpStart => self.edit_setup(SetUp::start_position),
            Command::SetUpDone => {
                let Some(setup) = &self.setup else { return };
                match setup.finish() {
                    Ok(game) => {
                        self.setup = None;
                        self.load_game(game.with_time_control(self.settings.clock));
                        self.say("The game starts from the position set up", false);
                    }
                    Err(problem) => self.say(problem.to_string(), true),
                }
            }
            Command::SetUpCancel => {
                self.setup = None;
                self.notice = None;
            }
            Command::DismissSettingsMessage => self.settings_file.dismiss(),
            Command::SetClock(control) => {
                self.settings.clock = control;
                if self.document.game.moves().is_empty() {
                    // Nothing played yet: this game takes the clocks, as it is.
                    self.document.game = self.document.game.clone().with_time_control(control);
                } else {
                    self.new_game(self.document.game.board(), self.settings.players());
                }
            }
            Command::AskEngine(side) => {
                // The box starts from the engine entered last, to mend or run again.
                let last = self.settings.engines.first();
                let text = last.map_or(String::new(), |e| e.command.to_string());
                self.popups.ask_engine(side, text);
            }
            Command::SeatEngine(side, command) => {
                // A command entered before keeps its depth and time.
                let known = self
                    .settings
                    .engines
                    .iter()
                    .find(|e| *e.command == *command);
                let engine = known.cloned().unwrap_or_else(|| EngineSpec::new(&command));
                let seated = match self.settings.player(side) {
                    PlayerChoice::Computer(PlayerSpec::Engine(e)) => Some(e.command),
                    _ => None,
                };
                match PlayerSpec::Engine(engine).check() {
                    // The engine seated already: nothing to start.
                    Ok(PlayerSpec::Engine(engine)) if seated.as_ref() == Some(&engine.command) => {
                        self.popups.close_engine_box();
                        let choice = PlayerChoice::Computer(PlayerSpec::Engine(engine));
                        self.apply(Command::SetPlayer(side, choice), ctx);
                    }
                    // Seated once it answers (see `engine_checked`).
                    Ok(PlayerSpec::Engine(engine)) => {
                        self.popups.close_engine_box();
                        self.say(format!("Starting {} ...", engine.command), false);
                        self.jobs.engine_check.start(engine.clone(), true);
                        self.engine_to_seat = Some((side, engine));
                    }
                    Ok(_) => {}
                    Err(e) => self.say(format!("That engine cannot be seated: {e}"), true),
                }
            }
            Command::CancelEngine => self.popups.close_engine_box(),
        }
    }

    pub(super) fn apply_action(&mut self, action: Action, ctx: Option<&egui::Context>) {
        match action {
            Action::NewGame => self.new_game(self.document.game.board(), self.settings.players()),
            Action::Undo => {
                if let Some(target) = self.document.game.undo_target(|s| self.is_person(s)) {
                    self.document.game.jump(target);
                } else {
                    self.bring_back(true);
                }
            }
            Action::Redo => {
                if let Some(target) = self.document.game.redo_target(|s| self.is_person(s)) {
                    self.document.game.jump(target);
                } else {
                    self.bring_back(false);
                }
            }
            Action::Pass => {
                let side = self.document.game.side_to_move();
                if !self.is_person(side) {
                    return;
                }
                if let Err(e) = self.play_timed(Move::Pass, self.now) {
                    self.say(explain(e, self.document.game.variant()), true);
                }
            }
            Action::ComputerMove => {
                if !self
                    .jobs
                    .computer
                    .is_thinking_about(self.document.game.shown())
                {
                    let now = ctx.map_or(0.0, |c| c.input(|i| i.time));
                    self.start_computer(now);
                }
            }
            Action::Hint => self.ask_for_hint(),
            Action::Pause => self.document.game.set_paused(true),
            Action::Resume => {
                self.document.game.set_paused(false);
                // A notice of the pause ("paused: Resume (Ctrl+P)") no longer holds.
                self.notice = None;
            }
            Action::Step => {
                if self.document.game.is_paused() {
                    self.jobs.computer.step(self.document.game.shown());
                }
            }
            Action::SwapSides => {
                let [first, second] = self.settings.players();
                self.seat([second, first]);
            }
            Action::Shortcuts => self.popups.show_shortcuts(),
            Action::SetUpPosition => {
                let setup = SetUp::from_view(self.document.game.board(), self.current_view());
                self.setup = Some(setup);
                self.notice = None;
            }
            Action::About => self.popups.show_about(),
            Action::HowItThinks => self.toggle_thinking(),
            Action::CopyMoves => {
                // The whole game, as Save game writes it, whichever move is shown.
                let list = self.document.game.main_line();
                if let Some(ctx) = ctx {
                    ctx.copy_text(list.clone());
                }
                self.say(format!("Copied the moves to the clipboard: {list}"), false);
            }
            Action::PasteMoves => self.popups.open_paste(),
            Action::SaveGame => match self.document.path().map(Path::to_path_buf) {
                Some(path) => self.save_to(path),
                None => self.choose_file(FileTask::SaveAs),
            },
            Action::SaveGameAs => self.choose_file(FileTask::SaveAs),
            Action::OpenGame => self.choose_file(FileTask::Open),
            Action::SaveSettings => match self.settings_file.save(&self.settings()) {
                Ok(()) => {
                    let path = self.settings_file.path().display();
                    self.say(format!("Saved the settings to {path}"), false);
                }
                Err(e) => self.say(e.to_string(), true),
            },
            Action::LoadSettings => {
                let (settings, read) = self.settings_file.load();
                let before = self.settings.players();
                let board =
                    (settings.variant() != self.document.game.variant()).then(|| settings.board());
                self.settings = settings;
                if let Some(board) = board {
                    self.new_game(board, before);
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
    pub(super) fn edit_setup(&mut self, edit: impl FnOnce(&mut SetUp)) {
        if let Some(setup) = &mut self.setup {
            edit(setup);
            self.notice = None;
        }
    }

    /// Plays pasted text (a move list or a game file) as a new game; true if it was read.
    pub(super) fn paste(&mut self, text: &str) -> bool {
        match files::parse_paste(text, self.document.game.board()) {
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

    pub(super) fn ask_for_hint(&mut self) {
        let view = self.current_view();
        let (over, side, must_pass) = (view.outcome.is_over(), view.to_move, view.must_pass);
        let name = side_name(self.document.game.variant(), side);
        if over {
            self.say("The game is over: there is nothing to hint", true);
        } else if !self.is_person(side) {
            self.say(
                format!("Hints are for a person to move, and the computer plays {name}"),
                true,
            );
        } else if must_pass {
            self.say(format!("{name} has no legal move and must pass"), true);
        } else if !self.jobs.hints.is_asked() {
            let threads = self.settings.search_threads();
            let book = self.settings.book;
            self.jobs
                .hints
                .ask(&self.document.game, self.seeds.draw(), threads, book);
        }
    }
}
