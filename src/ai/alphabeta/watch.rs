//! The alpha-beta search watched: its root told to an [`Observer`] (see
//! [`trace`](crate::ai::trace)).

use super::AlphaBeta;
use crate::ai::Stop;
use crate::ai::game::Game;
use crate::ai::trace::Observer;
use crate::core::Move;

impl AlphaBeta {
    /// One pass of the root search `depth` plies deep, told to `obs`, stopped by `stop`:
    /// the value and best move, `None` if stopped first (see [`trace`](super::trace)).
    pub(crate) fn watched_root<G: Game, O: Observer<G>>(
        &mut self,
        pos: &G,
        depth: u32,
        stop: &Stop,
        obs: &mut O,
    ) -> Option<(i32, Option<Move>)> {
        if stop.is_stopped() {
            return None;
        }
        self.reset_limits(u64::MAX);
        self.stop = Some(stop.clone());
        let result = self.root_with(pos, depth, None, &mut |_, _| {}, obs);
        self.stop = None;
        (!self.aborted).then_some(result)
    }
}
