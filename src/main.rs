//! The `boardplay` program: the game window, or a command-line tool.

use std::process::ExitCode;

use clap::Parser;

use boardplay::cli::{self, Cli, CliError};

fn main() -> ExitCode {
    let started = std::time::Instant::now();
    let args = Cli::parse();
    if let Err(e) = cli::limit_instruction_set_from_env() {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    match &args.command {
        Some(command) => {
            let stop = cli::stop_on_ctrl_c();
            match cli::run(command, &stop, &mut std::io::stdout().lock()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(CliError::Interrupted) => {
                    eprintln!("interrupted");
                    ExitCode::from(CliError::Interrupted.exit_code())
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(e.exit_code())
                }
            }
        }
        None => match args.game.as_deref().map(cli::check_game_file) {
            Some(Err(e)) => {
                eprintln!("error: {e}");
                ExitCode::from(e.exit_code())
            }
            _ => open_window(&args, started),
        },
    }
}

#[cfg(feature = "gui")]
fn open_window(args: &Cli, started: std::time::Instant) -> ExitCode {
    match boardplay::app::run(
        args.settings.clone(),
        args.game.clone(),
        args.frame_stats,
        started,
    ) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: could not open the window: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(not(feature = "gui"))]
fn open_window(_: &Cli, _: std::time::Instant) -> ExitCode {
    eprintln!("this build has no window (built without the `gui` feature); see --help");
    ExitCode::from(2)
}
