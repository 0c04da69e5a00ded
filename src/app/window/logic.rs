//! What runs every frame around the game: the computer's turn (its delay, its move and the
//! animation), passes for a person with no move, and the view of the position shown.

use crate::ai::PlayerSpec;
use crate::app::document::session::BoardView;
use crate::app::document::settings::PlayerChoice;
use crate::app::jobs::computer_turn::{Thought, Turn};
use crate::app::jobs::engine_check::Checked;
use crate::app::jobs::searches;
use crate::app::view::board::{ANIMATION_SECONDS, Animation};
use crate::app::view::file_dialogs::{Answer, FileTask};
use crate::app::view::words::{explain, sentence, side_name};
use crate::core::Move;

use super::BoardplayApp;

impl BoardplayApp {
    /// Brings the work around the game up to date with it: the computer's turn, the hint,
    /// Analysis mode and the review. Once a frame, before the layout, and again after
    /// commands.
    pub(super) fn refresh(&mut self, now: f64) {
        self.now = now;
        match self.dialogs.poll() {
            Some(Answer::Chosen(FileTask::Open, path)) => self.open_from(path),
            // The platform's dialog has asked about replacing a file already.
            Some(Answer::Chosen(FileTask::SaveAs, path)) => self.save_to(path),
            Some(Answer::Chosen(FileTask::Openings, path)) => {
                self.new_game_from(crate::core::start::Start::File(path))
            }
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
        if let Some((path, result)) = self.jobs.opener.poll() {
            self.finish_open(path, result);
        }
        if let Some(answer) = self.jobs.engine_check.poll() {
            self.engine_checked(answer);
        }
        if self.setup.is_none() {
            self.pass_for_person();
        }
        // A clock that runs out ends the game before any move that came too late is played.
        self.run_clock(now);
        // The computer's search follows the position shown and who plays there: whatever
        // changed them (a move, undo, a jump, a new game, other players), a search for
        // something else is dropped here.
        let wanted = self.computer_turn();
        self.jobs.computer.follow(wanted.as_ref());
        if self.setup.is_none() {
            self.advance_computer(now);
        }
        // News goes with the position it was said at; a problem (a file not opened, a move
        // refused) stays until the person acts (see `BoardplayApp::person_acted`), so the
        // computer's next move does not take away the reason before it is read.
        if self
            .notice
            .as_ref()
            .is_some_and(|(notice, at)| !notice.is_problem && *at != self.document.game.shown())
        {
            self.notice = None;
        }
        let over = self.current_view().outcome.is_over();
        self.jobs.hints.refresh(self.document.game.shown());
        let analysis = self.settings.display.analysis;
        let threads = self.settings.search_threads();
        self.jobs
            .studies
            .refresh(&self.document.game, analysis, over, threads);
        self.refresh_thinking(over);
    }

    /// The person clicked, pressed a key or gave a command this frame: a problem said
    /// before has been seen, and goes (what the act brings says its own).
    pub(super) fn person_acted(&mut self) {
        if self.notice.as_ref().is_some_and(|(n, _)| n.is_problem) {
            self.notice = None;
        }
    }

    /// Says what the check of an engine found: why it cannot play, or its name if the
    /// person has just chosen it. An engine typed in the engine box is seated (and kept in
    /// the list of engines) only now that it has answered; one that did not is neither, the
    /// player before it stays, and its box opens again to mend the command.
    pub(super) fn engine_checked(&mut self, (engine, answer, announce): Checked) {
        let to_seat = self
            .engine_to_seat
            .take_if(|(_, waiting)| waiting.command == engine.command);
        match (answer, to_seat) {
            (Ok(name), Some((side, engine))) => {
                self.settings.remember_engine(&engine);
                let mut players = self.settings.players();
                players[side.index()] = PlayerChoice::Computer(PlayerSpec::Engine(engine));
                self.seat(players);
                self.say(format!("{name} is ready to play"), false);
            }
            (Ok(name), None) if announce => self.say(format!("{name} is ready to play"), false),
            (Ok(_), None) => {}
            (Err(e), Some((side, engine))) => {
                let name = side_name(self.document.game.variant(), side);
                self.say(
                    format!(
                        "{}. The engine was not seated: {name} keeps its player",
                        sentence(&e.to_string())
                    ),
                    true,
                );
                self.popups.ask_engine(side, engine.command.to_string());
            }
            (Err(e), None) => self.say(
                format!("{}. Choose another player", sentence(&e.to_string())),
                true,
            ),
        }
    }

    /// Passes for a person with no legal move at the end of the game, and says so: there is
    /// nothing else they could do.
    pub(super) fn pass_for_person(&mut self) {
        let view = self.current_view();
        let (over, side, must_pass) = (view.outcome.is_over(), view.to_move, view.must_pass);
        if must_pass
            && !over
            && self.is_person(side)
            && self.document.game.at_end()
            && !self.held()
            && self.document.game.play(Move::Pass).is_ok()
        {
            let name = side_name(self.document.game.variant(), side);
            self.say(format!("{name} has no legal move and passes"), false);
        }
    }

    /// The computer's turn in the position shown: the computer to move there, unless the
    /// game is over there or a position is being set up.
    pub(super) fn computer_turn(&mut self) -> Option<Turn> {
        if self.setup.is_some() {
            return None;
        }
        let view = self.current_view();
        let (over, side) = (view.outcome.is_over(), view.to_move);
        if over {
            return None;
        }
        Some(Turn {
            shown: self.document.game.shown(),
            player: self.computer_at(side)?,
        })
    }

    /// True while computer-against-computer play, or a game on clocks, is held: the game is
    /// paused, and nobody is at the board or the game has clocks.
    pub(super) fn held(&self) -> bool {
        self.document.game.is_paused() && self.can_pause()
    }

    /// Plays the computer's answer once it has come and the delay has passed, or starts the
    /// computer when it is to move at the end of the game.
    pub(super) fn advance_computer(&mut self, now: f64) {
        let held = self.held();
        // The computer's clock stopped when its answer came, whatever its move delay.
        let answered = self.jobs.computer.answered_at(self.document.game.shown());
        let from_book = self.thinking_from_book();
        if let Some(answer) = self.jobs.computer.due(now, self.delay(), held) {
            match answer.mv {
                Ok(Some(mv)) => {
                    self.play_computer_move(mv, now, answered.unwrap_or(now));
                    if from_book == Some(mv) {
                        self.played_from_book(mv);
                    }
                }
                Ok(None) => {}
                Err(e) => {
                    let name = side_name(
                        self.document.game.variant(),
                        self.document.game.side_to_move(),
                    );
                    self.say(
                        format!(
                            "{}. Nobody plays {name} now: choose another player, or try again \
                             with Game > Computer move (Ctrl+M)",
                            sentence(&e.to_string())
                        ),
                        true,
                    );
                }
            }
        } else if self
            .jobs
            .computer
            .may_start(self.document.game.shown(), held)
            && self.document.game.at_end()
        {
            self.start_computer(now);
        }
    }

    /// Starts the computer's search if the computer is to move in a game not over.
    pub(super) fn start_computer(&mut self, now: f64) {
        let Some(turn) = self.computer_turn() else {
            return;
        };
        let threads = self.settings.search_threads();
        let book = self.settings.book;
        let seed = self.seeds.draw();
        // The computer plans its move to what its clock has left.
        let clock = self.document.game.on_clock().map(|mut clock| {
            clock.left = clock.left.saturating_sub(self.timer.used(self.end(), now));
            clock
        });
        let (job, planned) = searches::computer_job(
            &self.document.game,
            &turn.player,
            seed,
            threads,
            clock,
            book,
        );
        self.jobs.computer.start(job, turn, now, planned);
    }

    /// Plays the computer's move `mv` at `now`; its clock stopped at `stopped`, when its
    /// answer came.
    pub(super) fn play_computer_move(&mut self, mv: Move, now: f64, stopped: f64) {
        let variant = self.document.game.variant();
        let side = self.document.game.side_to_move();
        self.update_view();
        match self.play_timed(mv, stopped) {
            Ok(()) => {
                let after = self.document.game.view();
                let animation = Animation::between(&self.view, &after);
                self.animation = Some((now, self.document.game.shown(), animation));
                self.view = after;
                self.view_of = self.document.game.shown();
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
    pub(super) fn current_view(&mut self) -> &BoardView {
        self.update_view();
        &self.view
    }

    pub(super) fn update_view(&mut self) {
        let shown = self.document.game.shown();
        if self.view_of != shown {
            self.view = self.document.game.view();
            self.view_of = shown;
        }
        self.update_opening();
    }

    /// The computer's last move and how far its animation is (0 to 1), while it runs on the
    /// position shown; it ends when its time is up or the position changes.
    pub(super) fn animation_at(&mut self, now: f64) -> Option<(Animation, f32)> {
        let (since, shown, animation) = self.animation.as_ref()?;
        let t = (now - since) / ANIMATION_SECONDS;
        if t < 1.0 && *shown == self.document.game.shown() {
            Some((animation.clone(), t.max(0.0) as f32))
        } else {
            self.animation = None;
            None
        }
    }

    /// In the review, shown just before one of the costly moves it marks: the better move.
    pub(super) fn better_move(&self) -> Option<Move> {
        let review = self.jobs.studies.review(&self.document.game)?;
        let cursor = self.document.game.cursor();
        let marked = crate::app::view::chart::marked_moves(&review, self.document.game.variant());
        marked
            .contains(&cursor)
            .then(|| review.moves.get(cursor)?.best)
            .flatten()
    }

    /// The computer's search as the status line and board show it; none while play is
    /// paused, when a search that goes on is only held.
    pub(super) fn thought(&self) -> Option<Thought> {
        if self.held() {
            return None;
        }
        self.jobs.computer.thought()
    }
}
