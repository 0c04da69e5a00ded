//! Everything a person can ask the window to do.
//!
//! An [`Action`] is defined once, with its label, tooltip and keyboard shortcuts; buttons and
//! shortcuts both go through it. The UI code never changes the game itself: it returns
//! [`Command`]s, which the app applies in one place after the frame is laid out.

use egui::{Key, KeyboardShortcut, Modifiers};

use crate::core::{Cell, Side};

use super::settings::PlayerChoice;
use crate::core::GameKind;

/// A named action with a button and, for some, a keyboard shortcut.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Start a new game with the chosen game, size and players.
    NewGame,
    /// Take back a move (against the computer, the person's move and the reply); at the
    /// start of a game, go back to the game played before it.
    Undo,
    /// Play again a move that was taken back; at the end of a game, go on to the game that
    /// Undo left.
    Redo,
    /// Pass, when the side to move has no legal move.
    Pass,
    /// Let the computer move from the shown position, dropping the moves after it.
    ComputerMove,
    /// Show the best move for the person to move (found by the Hard level, in the
    /// background).
    Hint,
    /// Hold computer-against-computer play after the current move.
    Pause,
    /// Go on with computer-against-computer play.
    Resume,
    /// While paused, let the computer play one move.
    Step,
    /// Copy the moves as a move list to the clipboard.
    CopyMoves,
    /// Read the move list in the paste box.
    PasteMoves,
    /// Write the game to the game file.
    SaveGame,
    /// Read the game file.
    OpenGame,
    /// Write the settings file now.
    SaveSettings,
    /// Read the settings file again.
    LoadSettings,
    /// Save and close the window.
    Quit,
}

const fn ctrl(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND, key)
}

const fn ctrl_shift(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), key)
}

impl Action {
    /// Every action, in the order shortcuts are matched (more modifiers first, so Ctrl+Shift+Z
    /// is not taken for Ctrl+Z).
    pub const ALL: [Action; 16] = [
        Action::Redo,
        Action::Undo,
        Action::NewGame,
        Action::Pass,
        Action::ComputerMove,
        Action::Hint,
        Action::Pause,
        Action::Resume,
        Action::Step,
        Action::CopyMoves,
        Action::PasteMoves,
        Action::SaveGame,
        Action::OpenGame,
        Action::SaveSettings,
        Action::LoadSettings,
        Action::Quit,
    ];

    /// The button text.
    pub fn label(self) -> &'static str {
        match self {
            Action::NewGame => "New game",
            Action::Undo => "Undo",
            Action::Redo => "Redo",
            Action::Pass => "Pass",
            Action::ComputerMove => "Computer, move",
            Action::Hint => "Hint",
            Action::Pause => "Pause",
            Action::Resume => "Resume",
            Action::Step => "Step",
            Action::CopyMoves => "Copy moves",
            Action::PasteMoves => "Play pasted moves",
            Action::SaveGame => "Save game",
            Action::OpenGame => "Open game",
            Action::SaveSettings => "Save settings",
            Action::LoadSettings => "Load settings",
            Action::Quit => "Quit",
        }
    }

    /// What the action does, for the button's tooltip.
    pub fn tooltip(self) -> &'static str {
        match self {
            Action::NewGame => "Start a new game with the game, size and players chosen above",
            Action::Undo => {
                "Take back the last move (against the computer, your move and its reply); at \
                 the start of a game, go back to the game before it"
            }
            Action::Redo => {
                "Play again the moves you took back; at the end of a game, go on to the game \
                 you left by Undo"
            }
            Action::Pass => "Pass the turn: the side to move has no legal move",
            Action::ComputerMove => {
                "Let the computer play from the position shown; later moves are dropped"
            }
            Action::Hint => "Show the best move for you, as the Hard level sees it",
            Action::Pause => "Hold the game after the computer's current move",
            Action::Resume => "Let the computers play on",
            Action::Step => "Let the computer play one move, then hold again",
            Action::CopyMoves => "Copy the game as a move list (f5d6c3...) to the clipboard",
            Action::PasteMoves => {
                "Replace the game with the pasted move list or game file (Ctrl+V on the board \
                 also works)"
            }
            Action::SaveGame => "Write the game (game, size, moves) to the game file",
            Action::OpenGame => "Replace the game with the one in the game file",
            Action::SaveSettings => "Write the settings file now (it is also saved on exit)",
            Action::LoadSettings => "Read the settings file again, dropping unsaved changes",
            Action::Quit => "Save the settings and close the window",
        }
    }

    /// The keyboard shortcuts, first one shown in tooltips.
    pub fn shortcuts(self) -> &'static [KeyboardShortcut] {
        const NEW: [KeyboardShortcut; 1] = [ctrl(Key::N)];
        const UNDO: [KeyboardShortcut; 1] = [ctrl(Key::Z)];
        const REDO: [KeyboardShortcut; 2] = [ctrl_shift(Key::Z), ctrl(Key::Y)];
        const QUIT: [KeyboardShortcut; 1] = [ctrl(Key::Q)];
        const HINT: [KeyboardShortcut; 1] = [ctrl(Key::H)];
        // Pause and Resume share a key: only the one that applies is enabled at a time.
        const PAUSE: [KeyboardShortcut; 1] = [ctrl(Key::P)];
        const STEP: [KeyboardShortcut; 1] = [ctrl(Key::Period)];
        match self {
            Action::NewGame => &NEW,
            Action::Undo => &UNDO,
            Action::Redo => &REDO,
            Action::Quit => &QUIT,
            Action::Hint => &HINT,
            Action::Pause | Action::Resume => &PAUSE,
            Action::Step => &STEP,
            _ => &[],
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
    /// shares it).
    pub fn from_shortcut(
        input: &mut egui::InputState,
        enabled: impl Fn(Action) -> bool,
    ) -> Option<Action> {
        Action::ALL.into_iter().find(|&action| {
            enabled(action) && action.shortcuts().iter().any(|s| input.consume_shortcut(s))
        })
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
    /// Seat a person or a computer at a side (a new game starts if this one has moves).
    SetPlayer(Side, PlayerChoice),
    /// Exchange the two sides' players, so the other one starts (a new game starts if this
    /// one has moves).
    SwapSides,
    /// Pasted text: a move list or a game file.
    Paste(String),
    /// Put away the settings-file message.
    DismissSettingsMessage,
}
