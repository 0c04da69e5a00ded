//! Where a game chosen at run time meets its type: a [`Session`](super::Session) keeps its
//! [`History`] with the type erased, and every query and change of it runs as code of the
//! history's own type, through the AI's one dispatch ([`crate::ai::visit_supported`]) and a
//! downcast. [`read_history!`] and [`edit_history!`] write such code in place, as the body of
//! a method of the session, so that a new query is one edit and no layer of forwarding
//! methods stands between the session and its history.

use std::any::Any;

use crate::ai::{Game as AiGame, GameVisitor};
use crate::core::Supported;

use super::History;

/// A [`History`] of any game and size, its type erased: the session's board says which.
pub(super) type Erased = Box<dyn Any + Send>;

/// Work on a game's history as the history of its own position type (see
/// [`Session::visit_history`](super::Session::visit_history)): each search built from a
/// game's positions is one of these.
pub trait HistoryVisitor {
    /// What the work gives.
    type Output;
    /// Does the work on `history`.
    fn visit<G: AiGame>(self, history: &History<G>) -> Self::Output;
}

/// A query of a game's history as the history of its own position type, its answer free to
/// borrow from the history. Written in place by [`read_history!`].
pub(super) trait ReadHistory<'h> {
    /// The answer.
    type Output;
    /// Answers the query about `history`.
    fn read<G: AiGame>(self, history: &'h History<G>) -> Self::Output;
}

/// A change to a game's history as the history of its own position type. Written in place
/// by [`edit_history!`].
pub(super) trait EditHistory {
    /// What the change gives back.
    type Output;
    /// Makes the change to `history`.
    fn edit<G: AiGame>(self, history: &mut History<G>) -> Self::Output;
}

/// A [`HistoryVisitor`] run as a query.
pub(super) struct Visiting<V>(pub(super) V);

impl<V: HistoryVisitor> ReadHistory<'_> for Visiting<V> {
    type Output = V::Output;
    fn read<G: AiGame>(self, history: &History<G>) -> V::Output {
        self.0.visit(history)
    }
}

/// Runs `query` on `history`, the history of a game on `board`, as its own type.
pub(super) fn read<'h, R: ReadHistory<'h>>(
    board: Supported,
    history: &'h (dyn Any + Send),
    query: R,
) -> R::Output {
    crate::ai::visit_supported(board, OnType((history, query)))
}

/// Makes `change` to `history`, the history of a game on `board`, as its own type.
pub(super) fn edit<E: EditHistory>(
    board: Supported,
    history: &mut (dyn Any + Send),
    change: E,
) -> E::Output {
    crate::ai::visit_supported(board, OnType((history, change)))
}

/// What the downcast of an erased history to its board's type cannot fail for.
const TYPED: &str = "a game's history is of its board's position type";

/// An erased history (shared or not) and the work to do on it as `History<G>`.
trait Typed {
    type Output;
    fn run<G: AiGame>(self) -> Self::Output;
}

impl<'h, R: ReadHistory<'h>> Typed for (&'h (dyn Any + Send), R) {
    type Output = R::Output;
    fn run<G: AiGame>(self) -> R::Output {
        self.1
            .read(self.0.downcast_ref::<History<G>>().expect(TYPED))
    }
}

impl<E: EditHistory> Typed for (&mut (dyn Any + Send), E) {
    type Output = E::Output;
    fn run<G: AiGame>(self) -> E::Output {
        self.1
            .edit(self.0.downcast_mut::<History<G>>().expect(TYPED))
    }
}

/// [`Typed`] work run with the position type the dispatch gives.
struct OnType<T>(T);

impl<T: Typed> GameVisitor for OnType<T> {
    type Output = T::Output;
    fn visit<G: AiGame>(self, _start: G) -> T::Output {
        self.0.run::<G>()
    }
}

/// A new game's history from `start`, its type erased.
pub(super) struct NewHistory;

impl GameVisitor for NewHistory {
    type Output = Erased;
    fn visit<G: AiGame>(self, start: G) -> Erased {
        Box::new(History::new(start))
    }
}

/// `read_history!(session, (name: Type, ...) |h| -> Output { body })`: runs `body` with `h`
/// the session's history as `&'h History<G>` of its own position type `G: AiGame`, and
/// gives what it gives; `Output` may borrow from the history for `'h`. The values in
/// brackets (owned, by name, optional) are moved in from the caller.
macro_rules! read_history {
    ($session:expr, $(($($arg:ident: $ty:ty),*))? |$h:ident| -> $out:ty $body:block) => {{
        struct Query {
            $($($arg: $ty),*)?
        }
        impl<'h> $crate::app::document::session::typed::ReadHistory<'h> for Query {
            type Output = $out;
            fn read<G: $crate::ai::Game>(
                self,
                $h: &'h $crate::app::document::session::History<G>,
            ) -> $out {
                let Query { $($($arg),*)? } = self;
                $body
            }
        }
        $session.read_history(Query { $($($arg),*)? })
    }};
}

/// `edit_history!(session, (name: Type, ...) |h| -> Output { body })`: [`read_history!`]
/// with `h` the history as `&mut History<G>`, to change it.
macro_rules! edit_history {
    ($session:expr, $(($($arg:ident: $ty:ty),*))? |$h:ident| -> $out:ty $body:block) => {{
        struct Change {
            $($($arg: $ty),*)?
        }
        impl $crate::app::document::session::typed::EditHistory for Change {
            type Output = $out;
            fn edit<G: $crate::ai::Game>(
                self,
                $h: &mut $crate::app::document::session::History<G>,
            ) -> $out {
                let Change { $($($arg),*)? } = self;
                $body
            }
        }
        $session.edit_history(Change { $($($arg),*)? })
    }};
}

pub(super) use {edit_history, read_history};
