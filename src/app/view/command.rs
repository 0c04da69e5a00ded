//! Everything a person can ask the window to do.
//!
//! An [`Action`] is defined once, with its label, tooltip and keyboard shortcuts; menu
//! entries, buttons and shortcuts all go through it. The UI code never changes the game itself: it returns
//! [`Command`]s, which the app applies in one place after the frame is laid out.

use egui::{Key, KeyboardShortcut, Modifiers};

use crate::core::{Cell, Side};

use crate::app::document::settings::PlayerChoice;
use crate::core::GameKind;
use strum::VariantArray;

/// A named action, taken from a menu entry, a button or a keyboard shortcut. Declared in menu
/// order: [`Action::VARIANTS`] (derived) is the one list that the menus, the shortcuts and the
/// shortcuts window go through.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, strum::VariantArray)]
pub enum Action {
    /// Start a new game with the chosen game, size and players.
    NewGame,
    /// Choose a game file and put its game on the board.
    OpenGame,
    /// Write the game to its file; a game without one asks where, as Save game as does.
    SaveGame,
    /// Choose a file and write the game to it.
    SaveGameAs,
    /// Copy the moves as a move list to the clipboard.
    CopyMoves,
    /// Open the box where a move list or a game file is pasted and played.
    PasteMoves,
    /// Save and close the window.
    Quit,
    /// Take back a move (against the computer, the person's move and the reply); at the
    /// start of a game, go back to the game played before it.
    Undo,
    /// Play again a move that was taken back; at the end of a game, go on to the game that
    /// Undo left.
    Redo,
    /// Set up a position on the board, to start a game from it.
    SetUpPosition,
    /// Show the best move for the person to move (found by the Hard level, in the
    /// background).
    Hint,
    /// Let the computer move from the shown position (the moves after it are kept as a
    /// variation if it plays another move).
    ComputerMove,
    /// Hold computer-against-computer play after the current move.
    Pause,
    /// Go on with computer-against-computer play.
    Resume,
    /// While paused, let the computer play one move.
    Step,
    /// Exchange the two sides' players; the game goes on.
    SwapSides,
    /// Pass, when the side to move has no legal move.
    Pass,
    /// Write the settings file now.
    SaveSettings,
    /// Read the settings file again.
    LoadSettings,
    /// Show the window that lists the keyboard shortcuts.
    Shortcuts,
    /// Show what the app is.
    About,
    /// Open or close the "How it thinks" view beside the board (in the View menu).
    HowItThinks,
}

const fn ctrl(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND, key)
}

const fn ctrl_shift(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), key)
}

impl Action {
    /// The text of its button or menu entry. Entries that ask something more before they
    /// act end in "...", as desktop menus write them.
    pub fn label(self) -> &'static str {
        match self {
            Action::NewGame => "New game",
            Action::OpenGame => "Open game...",
            Action::SaveGame => "Save game",
            Action::SaveGameAs => "Save game as...",
            Action::CopyMoves => "Copy moves",
            Action::PasteMoves => "Paste moves...",
            Action::Quit => "Quit",
            Action::Undo => "Undo",
            Action::Redo => "Redo",
            Action::SetUpPosition => "Set up position...",
            Action::Hint => "Hint",
            Action::ComputerMove => "Computer move",
            Action::Pause => "Pause",
            Action::Resume => "Resume",
            Action::Step => "Step",
            Action::SwapSides => "Swap sides",
            Action::Pass => "Pass",
            Action::SaveSettings => "Save settings now",
            Action::LoadSettings => "Reload settings",
            Action::Shortcuts => "Keyboard shortcuts",
            Action::About => "About boardplay",
            Action::HowItThinks => "How it thinks",
        }
    }

    /// What the action does, for the button's tooltip.
    pub fn tooltip(self) -> &'static str {
        match self {
            Action::NewGame => "Start a new game with the game, size and players chosen",
            Action::OpenGame => "Replace the game with one read from a file",
            Action::SaveGame => "Write the whole game to its file",
            Action::SaveGameAs => "Write the whole game to a file you choose",
            Action::CopyMoves => "Copy the game as a move list (f5d6c3...) to the clipboard",
            Action::PasteMoves => {
                "Play a pasted move list or game file (Ctrl+V on the board also works)"
            }
            Action::Quit => "Save the settings and close the window",
            Action::Undo => {
                "Take back the last move (against the computer, your move and its reply); at \
                 the start of a game, go back to the game before it"
            }
            Action::Redo => {
                "Play again the moves you took back; at the end of a game, go on to the game \
                 you left by Undo"
            }
            Action::SetUpPosition => {
                "Place discs or marks on the board and choose who moves; the game starts from \
                 there (Undo goes back to the game before)"
            }
            Action::Hint => "Show the best move for you, as the Hard level sees it, with its value",
            Action::ComputerMove => {
                "Let the computer play from the position shown; later moves stay as a variation"
            }
            Action::Pause => "Hold the game after the computer's current move; the clocks stop too",
            Action::Resume => "Let the computers play on",
            Action::Step => "Let the computer play one move, then hold again",
            Action::SwapSides => "Exchange the two players; the game goes on",
            Action::Pass => "Pass the turn: the side to move has no legal move",
            Action::SaveSettings => "Write the settings file now (it is also saved on exit)",
            Action::LoadSettings => "Read the settings file again, dropping unsaved changes",
            Action::Shortcuts => "List the keyboard shortcuts",
            Action::About => "What boardplay is",
            Action::HowItThinks => {
                "Open or close the view of the searches on the position shown: the search \
                 tree, Monte Carlo's visits, the best line, every algorithm compared"
            }
        }
    }

    /// The keyboard shortcuts, first one shown in tooltips and menus.
    pub fn shortcuts(self) -> &'static [KeyboardShortcut] {
        const NEW: [KeyboardShortcut; 1] = [ctrl(Key::N)];
        const OPEN: [KeyboardShortcut; 1] = [ctrl(Key::O)];
        const SAVE: [KeyboardShortcut; 1] = [ctrl(Key::S)];
        const SAVE_AS: [KeyboardShortcut; 1] = [ctrl_shift(Key::S)];
        const UNDO: [KeyboardShortcut; 1] = [ctrl(Key::Z)];
        const REDO: [KeyboardShortcut; 2] = [ctrl_shift(Key::Z), ctrl(Key::Y)];
        const QUIT: [KeyboardShortcut; 1] = [ctrl(Key::Q)];
        const HINT: [KeyboardShortcut; 1] = [ctrl(Key::H)];
        const COMPUTER: [KeyboardShortcut; 1] = [ctrl(Key::M)];
        // Pause and Resume share a key: only the one that applies is enabled at a time.
        const PAUSE: [KeyboardShortcut; 1] = [ctrl(Key::P)];
        const STEP: [KeyboardShortcut; 1] = [ctrl(Key::Period)];
        const SHORTCUTS: [KeyboardShortcut; 1] = [KeyboardShortcut::new(Modifiers::NONE, Key::F1)];
        const THINKING: [KeyboardShortcut; 1] = [ctrl(Key::T)];
        match self {
            Action::NewGame => &NEW,
            Action::OpenGame => &OPEN,
            Action::SaveGame => &SAVE,
            Action::SaveGameAs => &SAVE_AS,
            Action::Undo => &UNDO,
            Action::Redo => &REDO,
            Action::Quit => &QUIT,
            Action::Hint => &HINT,
            Action::ComputerMove => &COMPUTER,
            Action::Pause | Action::Resume => &PAUSE,
            Action::Step => &STEP,
            Action::Shortcuts => &SHORTCUTS,
            Action::HowItThinks => &THINKING,
            Action::CopyMoves
            | Action::PasteMoves
            | Action::SwapSides
            | Action::SetUpPosition
            | Action::Pass
            | Action::SaveSettings
            | Action::LoadSettings
            | Action::About => &[],
        }
    }

    /// The tooltip with the shortcuts written out for this platform.
    pub fn hover_text(self, ctx: &egui::Context) -> String {
        let keys: Vec<String> = self
            .shortcuts()
            .iter()
            .map(|s| ctx.format_shortcut(s))
            .collect();
        if keys.is_empty() {
            self.tooltip().to_string()
        } else {
            format!("{} ({})", self.tooltip(), keys.join(" or "))
        }
    }

    /// The enabled action whose shortcut was pressed this frame, consuming the key press.
    /// The shortcut of a disabled action does nothing (and is left for another action that
    /// shares it). Shortcuts with more modifiers are matched first: egui matches Ctrl+Z
    /// whether or not Shift is held, so Ctrl+Shift+Z must be tried before it. While a text
    /// box has the keyboard focus (`in_text_box`), the keys it needs are left to it (see
    /// [`text_box_needs`]); every other shortcut still works.
    pub fn from_shortcut(
        input: &mut egui::InputState,
        enabled: Enabled,
        in_text_box: bool,
    ) -> Option<Action> {
        (0..=MAX_MODIFIERS).rev().find_map(|count| {
            Action::VARIANTS.iter().copied().find(|&action| {
                enabled.allows(action)
                    && action
                        .shortcuts()
                        .iter()
                        .filter(|s| modifier_count(s.modifiers) == count)
                        .filter(|s| !(in_text_box && text_box_needs(s)))
                        .any(|s| input.consume_shortcut(s))
            })
        })
    }
}

/// True if a one-line text box with the focus needs this key for its own editing: undo and
/// redo of the text, select all, copy, cut and paste, the Emacs keys egui's text box knows
/// (Ctrl+H, K, U, W), and keys without Ctrl (moving, deleting, Enter). Shortcuts on these
/// keys are not taken from a text box.
pub fn text_box_needs(shortcut: &KeyboardShortcut) -> bool {
    let m = shortcut.modifiers;
    let ctrl = m.ctrl || m.command || m.mac_cmd;
    let function_key = matches!(
        shortcut.logical_key,
        Key::F1
            | Key::F2
            | Key::F3
            | Key::F4
            | Key::F5
            | Key::F6
            | Key::F7
            | Key::F8
            | Key::F9
            | Key::F10
            | Key::F11
            | Key::F12
    );
    if !ctrl {
        return !function_key;
    }
    matches!(
        shortcut.logical_key,
        Key::Z
            | Key::Y
            | Key::A
            | Key::C
            | Key::V
            | Key::X
            | Key::H
            | Key::K
            | Key::U
            | Key::W
            | Key::ArrowLeft
            | Key::ArrowRight
            | Key::ArrowUp
            | Key::ArrowDown
            | Key::Home
            | Key::End
            | Key::Backspace
            | Key::Delete
            | Key::Enter
            | Key::Tab
    )
}

/// The most modifiers a shortcut can have: Alt, Shift and Ctrl (Cmd on a Mac).
const MAX_MODIFIERS: usize = 3;

/// How many modifiers a shortcut asks for, counting Ctrl and Cmd as one, as egui matches them.
fn modifier_count(m: Modifiers) -> usize {
    usize::from(m.alt) + usize::from(m.shift) + usize::from(m.ctrl || m.command || m.mac_cmd)
}

/// Which actions the window's state allows just now. The shortcuts of the others do nothing,
/// and their buttons are greyed out. Actions not named here are always allowed: those that
/// cannot apply say why when taken.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Enabled {
    /// Undo has somewhere to go.
    pub undo: bool,
    /// Redo has somewhere to go.
    pub redo: bool,
    /// Computers play each other and the game is on: play can be paused.
    pub watching: bool,
    /// That play is paused.
    pub paused: bool,
    /// A person is to move in a game not over: a hint can be given.
    pub hint: bool,
    /// A person is to move and has no legal move.
    pub pass: bool,
    /// The game is not over and the computer is not already thinking about the position
    /// shown: it can be asked to move.
    pub computer_move: bool,
}

impl Enabled {
    /// True if `action` can be taken.
    pub fn allows(self, action: Action) -> bool {
        match action {
            Action::Undo => self.undo,
            Action::Redo => self.redo,
            Action::Pause => self.watching && !self.paused,
            Action::Resume | Action::Step => self.watching && self.paused,
            Action::Hint => self.hint,
            Action::Pass => self.pass,
            Action::ComputerMove => self.computer_move,
            _ => true,
        }
    }
}

/// A change asked for by the UI, applied after the frame.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// A button or shortcut.
    Action(Action),
    /// A click on a board cell.
    Click(Cell),
    /// Show the position after this many moves.
    Jump(usize),
    /// Switch to this game (a new game starts).
    SetGame(GameKind),
    /// Switch to this board size (a new game starts).
    SetSize(usize),
    /// Seat a person or a computer at a side; the game goes on.
    SetPlayer(Side, PlayerChoice),
    /// Make a variation (by its index) the main line, showing its first own move.
    OpenVariation(usize),
    /// Write the game over the existing file that Save game asked about.
    ConfirmOverwrite,
    /// Leave the existing file that Save game asked about as it is.
    CancelOverwrite,
    /// Pasted text: a move list or a game file.
    Paste(String),
    /// Open the game file at this path (chosen in a dialog, typed, dropped on the window, or
    /// picked from the recent games).
    OpenPath(std::path::PathBuf),
    /// Write the game to this path (chosen in a dialog or typed), asking first before
    /// replacing another file.
    SaveTo(std::path::PathBuf),
    /// Play the text in the paste box.
    PlayPaste,
    /// Put away the box that asks for a file's path.
    CancelPath,
    /// Put a game of the database on the board (at the position it was found at, if it
    /// was found through one).
    OpenListed(crate::app::document::database::Pick),
    /// Close every file of the database.
    CloseList,
    /// Close this file of the database (by its place among the open files).
    CloseDatabaseFile(usize),
    /// Stop reading the game file being opened; nothing changes.
    CancelOpen,
    /// While setting up a position: the next state of a cell (empty, first side, second).
    SetUpCell(Cell),
    /// While setting up a position: the side to move.
    SetUpToMove(Side),
    /// While setting up a position: empty the board.
    SetUpClear,
    /// While setting up a position: the standard starting position.
    SetUpStart,
    /// Check the position set up and start a game from it.
    SetUpDone,
    /// Leave the position set up, back to the game as it was.
    SetUpCancel,
    /// Put away the settings-file message.
    DismissSettingsMessage,
    /// Play games on this time control (none: without clocks): a new game starts on it,
    /// unless no move of this one has been played, and new games take it.
    SetClock(Option<crate::core::TimeControl>),
    /// Open the box that asks for the command of an engine to play this side.
    AskEngine(Side),
    /// Seat the engine this command starts at this side (typed in the engine box).
    SeatEngine(Side, String),
    /// Put away the engine box, seating nobody.
    CancelEngine,
    /// Start a new game from this start (Othello): the standard or alternate position, or
    /// a random opening of the balanced set or of a list file.
    NewGameFrom(crate::core::start::Start),
    /// Ask for an openings list file, to start a new game from one of its openings.
    ChooseOpeningsFile,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// True if pressing `a` could fire `b`, matched as rerun does: the same key, the same
    /// Alt and Shift, and Ctrl or Cmd on both or on neither.
    fn clash(a: &KeyboardShortcut, b: &KeyboardShortcut) -> bool {
        let command = |m: Modifiers| m.ctrl || m.command || m.mac_cmd;
        a.logical_key == b.logical_key
            && a.modifiers.alt == b.modifiers.alt
            && a.modifiers.shift == b.modifiers.shift
            && command(a.modifiers) == command(b.modifiers)
    }

    /// Every state [`Enabled`] can describe.
    fn every_state() -> impl Iterator<Item = Enabled> {
        (0..128).map(|bits: u8| Enabled {
            undo: bits & 1 != 0,
            redo: bits & 2 != 0,
            watching: bits & 4 != 0,
            paused: bits & 8 != 0,
            hint: bits & 16 != 0,
            pass: bits & 32 != 0,
            computer_move: bits & 64 != 0,
        })
    }

    #[test]
    fn no_two_actions_allowed_together_share_a_shortcut() {
        for enabled in every_state() {
            for a in Action::VARIANTS
                .iter()
                .copied()
                .filter(|&a| enabled.allows(a))
            {
                for b in Action::VARIANTS
                    .iter()
                    .copied()
                    .filter(|&b| enabled.allows(b) && b != a)
                {
                    for sa in a.shortcuts() {
                        for sb in b.shortcuts() {
                            assert!(
                                !clash(sa, sb),
                                "{a:?} and {b:?} both answer {sa:?} when {enabled:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn pause_and_resume_share_their_key_but_are_never_allowed_together() {
        assert!(clash(
            &Action::Pause.shortcuts()[0],
            &Action::Resume.shortcuts()[0]
        ));
        assert!(
            every_state().any(|e| e.allows(Action::Pause))
                && every_state().any(|e| e.allows(Action::Resume))
        );
    }

    #[test]
    fn every_shortcut_is_named_in_its_actions_tooltip() {
        let ctx = egui::Context::default();
        for &action in Action::VARIANTS {
            let hover = action.hover_text(&ctx);
            assert!(hover.starts_with(action.tooltip()), "{action:?}");
            for shortcut in action.shortcuts() {
                let keys = ctx.format_shortcut(shortcut);
                assert!(hover.contains(&keys), "{action:?}: {hover}");
            }
        }
    }

    #[test]
    fn a_text_box_keeps_its_editing_keys_and_leaves_the_others() {
        let needs = |m: Modifiers, k: Key| text_box_needs(&KeyboardShortcut::new(m, k));
        for key in [Key::Z, Key::Y, Key::A, Key::C, Key::V, Key::X, Key::H] {
            assert!(needs(Modifiers::COMMAND, key), "Ctrl+{key:?}");
        }
        assert!(needs(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z));
        assert!(needs(Modifiers::NONE, Key::Enter));
        assert!(needs(Modifiers::NONE, Key::Escape));
        for key in [Key::O, Key::N, Key::S, Key::Q, Key::M, Key::P, Key::Period] {
            assert!(!needs(Modifiers::COMMAND, key), "Ctrl+{key:?}");
        }
        assert!(!needs(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::S));
        assert!(!needs(Modifiers::NONE, Key::F1));
    }

    #[test]
    fn the_shortcut_with_more_modifiers_wins() {
        let ctx = egui::Context::default();
        let press = |modifiers: Modifiers, key: Key| {
            let mut input = egui::RawInput::default();
            input.events.push(egui::Event::Key {
                key,
                physical_key: None,
                pressed: true,
                repeat: false,
                modifiers,
            });
            let mut fired = None;
            let _ = ctx.run_ui(input, |ui| {
                fired = ui.input_mut(|i| {
                    Action::from_shortcut(
                        i,
                        Enabled {
                            undo: true,
                            redo: true,
                            ..Enabled::default()
                        },
                        false,
                    )
                });
            });
            fired
        };
        let shift = Modifiers::COMMAND.plus(Modifiers::SHIFT);
        assert_eq!(press(shift, Key::Z), Some(Action::Redo));
        assert_eq!(press(Modifiers::COMMAND, Key::Z), Some(Action::Undo));
        assert_eq!(press(Modifiers::COMMAND, Key::Y), Some(Action::Redo));
        assert_eq!(press(Modifiers::NONE, Key::Z), None);
    }
}
