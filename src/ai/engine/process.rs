//! An engine's process: started by the system's shell, its output read line by line on a
//! thread of its own (so every wait has a deadline), the last lines of its standard error
//! kept for the message when it fails; and the idle processes kept between moves.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::error::EngineError;
use super::protocol::{Said, read_line};
use crate::ai::Stop;

/// How long a new engine has to start and answer its first `ping`: loading weights and a
/// book takes a while.
pub(super) const START_TIME: Duration = Duration::from_secs(5);

/// How long a new engine's `ping` waits before another is sent (see
/// [`Process::handshake`]).
const REPING: Duration = Duration::from_millis(500);

/// Lines of standard error kept for a failure's message.
const STDERR_LINES: usize = 4;

/// Idle engines kept for the next move: a game's two sides, and an analysis or two.
const IDLE_KEPT: usize = 4;

/// How often a wait looks at its stop flag.
const POLL: Duration = Duration::from_millis(20);

/// The longest line of an engine's that is read as one: longer ones are read in parts.
const MAX_LINE: u64 = 64 * 1024;

/// Idle engines, each ready for a new command, newest last.
static IDLE: Mutex<Vec<Process>> = Mutex::new(Vec::new());

/// A running engine.
pub(super) struct Process {
    /// The command it was started with.
    pub command: Arc<str>,
    /// Its name, once it has said it (`set myname`), else the program's.
    pub name: String,
    /// The depth last sent (`set depth`).
    pub depth: Option<u32>,
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    stderr: Arc<StderrTail>,
    /// The last line it wrote.
    pub last_line: Option<String>,
    pings: u64,
}

/// What a wait for a line came to, when it came to no line.
pub(super) enum Waited {
    /// The deadline passed.
    Deadline,
    /// The stop flag was raised.
    Stopped,
}

impl Process {
    /// An idle engine started by `command` if one is kept, else a new one, started and
    /// answering (`nboard 2` and a `ping`, within [`START_TIME`]).
    pub fn take_or_start(command: &Arc<str>, program: &str) -> Result<Process, EngineError> {
        let kept = {
            let mut idle = IDLE.lock().unwrap_or_else(PoisonError::into_inner);
            idle.iter()
                .rposition(|p| p.command == *command)
                .map(|i| idle.remove(i))
        };
        if let Some(mut process) = kept {
            // One that ended while it waited is started again.
            if process.child.try_wait().ok().flatten().is_none() {
                return Ok(process);
            }
            process.end();
        }
        Process::start(command, program)
    }

    fn start(command: &Arc<str>, program: &str) -> Result<Process, EngineError> {
        let mut child = shell(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| EngineError::Start {
                command: command.to_string(),
                error: e.to_string(),
            })?;
        let (Some(input), Some(output), Some(errors)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            end_group(&mut child);
            return Err(EngineError::Start {
                command: command.to_string(),
                error: "its input and output could not be connected".into(),
            });
        };
        let (send, lines) = channel();
        std::thread::Builder::new()
            .name("boardplay-engine-out".into())
            .spawn(move || {
                // Lines as they come, bytes that are not UTF-8 replaced (they are then no
                // line of the protocol, and passed over as such), each at most MAX_LINE
                // bytes: an engine that writes without end costs no more memory than that.
                let mut output = BufReader::new(output);
                let mut line = Vec::new();
                loop {
                    line.clear();
                    match (&mut output).take(MAX_LINE).read_until(b'\n', &mut line) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {}
                    }
                    let text = String::from_utf8_lossy(&line)
                        .trim_end_matches(['\r', '\n'])
                        .to_string();
                    if send.send(text).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| EngineError::Start {
                command: command.to_string(),
                error: e.to_string(),
            })?;
        let stderr = Arc::new(StderrTail::default());
        let tail = Arc::clone(&stderr);
        // Without a thread to read it, an engine that writes much to its standard error
        // would block once the pipe is full.
        let _ = std::thread::Builder::new()
            .name("boardplay-engine-err".into())
            .spawn(move || tail.read(errors));
        let mut process = Process {
            command: Arc::clone(command),
            name: program.to_string(),
            depth: None,
            child,
            input,
            lines,
            stderr,
            last_line: None,
            pings: 0,
        };
        match process.handshake() {
            Ok(()) => Ok(process),
            Err(e) => {
                process.end();
                Err(e)
            }
        }
    }

    /// `nboard 2`, then a `ping` until one is answered. Edax 4.6 misses what comes before
    /// it first waits for input (it then answers only the next line, 36 s later when
    /// measured), so a `ping` unanswered after [`REPING`] is sent again.
    fn handshake(&mut self) -> Result<(), EngineError> {
        self.send("nboard 2")?;
        let first = self.pings + 1;
        let deadline = Instant::now() + START_TIME;
        while Instant::now() < deadline {
            self.pings += 1;
            self.send(&format!("ping {}", self.pings))?;
            let retry = (Instant::now() + REPING).min(deadline);
            while let Ok(line) = self.next_line(retry, None)? {
                if let Said::Pong(n) = read_line(&line)
                    && n.parse()
                        .is_ok_and(|n: u64| (first..=self.pings).contains(&n))
                {
                    return Ok(());
                }
            }
        }
        Err(self.timeout("to start", START_TIME))
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        let sent = writeln!(self.input, "{line}").and_then(|()| self.input.flush());
        sent.map_err(|_| self.exited())
    }

    /// The next line, waiting until `deadline` at most, or until `stop` is raised.
    pub fn next_line(
        &mut self,
        deadline: Instant,
        stop: Option<&Stop>,
    ) -> Result<Result<String, Waited>, EngineError> {
        loop {
            let now = Instant::now();
            if now >= deadline {
                return Ok(Err(Waited::Deadline));
            }
            if stop.is_some_and(Stop::is_stopped) {
                return Ok(Err(Waited::Stopped));
            }
            let wait = if stop.is_some() {
                (deadline - now).min(POLL)
            } else {
                deadline - now
            };
            match self.lines.recv_timeout(wait) {
                Ok(line) => {
                    if let Said::Name(name) = read_line(&line) {
                        self.name = name;
                    }
                    self.last_line = Some(line.clone());
                    return Ok(Ok(line));
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Err(self.exited()),
            }
        }
    }

    /// Sends `ping N` and reads up to its `pong N`, handing every line before it to `line`;
    /// false if the deadline passed first. An engine stops searching at a `ping`, and answers
    /// it only once it has.
    pub fn sync(
        &mut self,
        deadline: Instant,
        mut line: impl FnMut(&str),
    ) -> Result<bool, EngineError> {
        self.pings += 1;
        let n = self.pings.to_string();
        self.send(&format!("ping {n}"))?;
        loop {
            match self.next_line(deadline, None)? {
                Ok(text) => {
                    if read_line(&text) == Said::Pong(n.clone()) {
                        return Ok(true);
                    }
                    line(&text);
                }
                Err(_) => return Ok(false),
            }
        }
    }

    /// The error of an engine that gave no answer `asked` within `waited`.
    pub fn timeout(&self, asked: &'static str, waited: Duration) -> EngineError {
        EngineError::Timeout {
            engine: self.name.clone(),
            asked,
            waited,
            last_line: self.last_line.clone(),
        }
    }

    /// The error of an engine whose process has ended (or closed its pipes), with how it
    /// ended and what it last wrote on its standard error.
    pub fn exited(&mut self) -> EngineError {
        // It closed its output: give it a moment to be gone, for its exit status.
        let until = Instant::now() + Duration::from_millis(500);
        let mut status = None;
        while Instant::now() < until {
            if let Ok(Some(s)) = self.child.try_wait() {
                status = Some(s);
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let stderr = self.stderr.lines(Duration::from_millis(200));
        EngineError::Exited {
            engine: self.name.clone(),
            status: status.map(|s| match s.code() {
                Some(code) => format!("exit status {code}"),
                None => s.to_string(),
            }),
            stderr,
        }
    }

    /// Ends the process (and whatever its command started) and waits for it.
    pub fn end(mut self) {
        end_group(&mut self.child);
    }

    /// Keeps the engine for the next move of a player started by the same command.
    pub fn keep(self) {
        let mut idle = IDLE.lock().unwrap_or_else(PoisonError::into_inner);
        idle.push(self);
        if idle.len() > IDLE_KEPT {
            let oldest = idle.remove(0);
            drop(idle);
            oldest.end();
        }
    }
}

/// The last lines an engine wrote on its standard error, and whether it has closed it.
#[derive(Default)]
struct StderrTail {
    lines: Mutex<(VecDeque<String>, bool)>,
    closed: Condvar,
}

impl StderrTail {
    /// Reads `errors` to its end, keeping the last [`STDERR_LINES`] lines.
    fn read(&self, errors: impl std::io::Read) {
        for line in BufReader::new(errors).lines() {
            let Ok(line) = line else { break };
            let mut tail = self.lines.lock().unwrap_or_else(PoisonError::into_inner);
            if tail.0.len() == STDERR_LINES {
                tail.0.pop_front();
            }
            tail.0.push_back(line);
        }
        self.lines.lock().unwrap_or_else(PoisonError::into_inner).1 = true;
        self.closed.notify_all();
    }

    /// The lines kept, joined with " / ", once standard error is closed or `wait` has
    /// passed.
    fn lines(&self, wait: Duration) -> String {
        let tail = self.lines.lock().unwrap_or_else(PoisonError::into_inner);
        let (tail, _) = self
            .closed
            .wait_timeout_while(tail, wait, |t| !t.1)
            .unwrap_or_else(PoisonError::into_inner);
        tail.0.iter().cloned().collect::<Vec<_>>().join(" / ")
    }
}

/// The command run by the system's shell, as a terminal would (`cd DIR && ./engine`, a
/// pipe, variables set before it), in a process group of its own, so that ending it ends
/// every process the command started (see [`end_group`]).
fn shell(command: &str) -> Command {
    if cfg!(windows) {
        let mut c = Command::new("cmd");
        c.arg("/C").arg(command);
        c
    } else {
        let mut c = Command::new("sh");
        c.arg("-c").arg(command);
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut c, 0);
        c
    }
}

/// Kills `child` and every process of its group (the shell and what it started: no engine
/// is left running without its owner), then waits for it.
fn end_group(child: &mut Child) {
    #[cfg(target_os = "linux")]
    {
        if let Ok(pid) = i32::try_from(child.id()) {
            // SAFETY: kill has no memory effects; a group that is already gone only makes
            // it return an error, which changes nothing.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}
