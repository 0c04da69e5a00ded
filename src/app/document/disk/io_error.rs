//! A system error that error types can hold as their source and still be cloned and
//! compared: errors travel from reading threads to the window, and tests compare them.

use std::io;
use std::sync::Arc;

/// An [`io::Error`], shared so that it can be cloned, and equal to another of the same kind
/// and message.
#[derive(Clone, Debug, thiserror::Error)]
#[error(transparent)]
pub struct IoError(Arc<io::Error>);

impl From<io::Error> for IoError {
    fn from(e: io::Error) -> Self {
        IoError(Arc::new(e))
    }
}

impl PartialEq for IoError {
    fn eq(&self, other: &Self) -> bool {
        self.0.kind() == other.0.kind() && self.0.to_string() == other.0.to_string()
    }
}

impl Eq for IoError {}
