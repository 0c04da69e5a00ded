//! Ctrl+C on the command line: the first raises the stop flag that every job watches, so the
//! job ends soon with what it has done so far; a second ends the process at once.

use crate::ai::Stop;

/// A stop flag raised by Ctrl+C (SIGINT), for the command about to run. Installed once per
/// process; if a handler cannot be installed, Ctrl+C keeps its default effect of ending the
/// process.
pub fn stop_on_ctrl_c() -> Stop {
    let stop = Stop::new();
    let flag = stop.clone();
    let installed = ctrlc::set_handler(move || {
        if flag.is_stopped() {
            // The job did not notice the first one; the user insists.
            std::process::exit(130);
        }
        flag.stop();
    });
    // Failing to install leaves the default action, which also ends the program.
    drop(installed);
    stop
}
