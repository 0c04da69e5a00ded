# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_boardplay_global_optspecs
    string join \n settings= frame-stats h/help V/version
end

function __fish_boardplay_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_boardplay_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_boardplay_using_subcommand
    set -l cmd (__fish_boardplay_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c boardplay -n "__fish_boardplay_needs_command" -l settings -d 'Settings file to read and write (default: ./settings.ron if present, else the user\'s config directory)' -r -F
complete -c boardplay -n "__fish_boardplay_needs_command" -l frame-stats -d 'Print timing figures when the window closes: time from start to the first painted frame, and the longest frame while the computer thinks'
complete -c boardplay -n "__fish_boardplay_needs_command" -s h -l help -d 'Print help'
complete -c boardplay -n "__fish_boardplay_needs_command" -s V -l version -d 'Print version'
complete -c boardplay -n "__fish_boardplay_needs_command" -a "perft" -d 'Count the leaves of the game tree at each depth, with time and leaves per second'
complete -c boardplay -n "__fish_boardplay_needs_command" -a "solve" -d 'Solve a position exactly: its value for the side to move and every best move'
complete -c boardplay -n "__fish_boardplay_needs_command" -a "arena" -d 'Play a match between two levels or players and report the result and Elo difference'
complete -c boardplay -n "__fish_boardplay_needs_command" -a "train" -d 'Train an Othello pattern evaluation (8x8 or 12x12) from self-play and write its weights'
complete -c boardplay -n "__fish_boardplay_needs_command" -a "label" -d 'Label positions of tournament or self-play games by deep searches (exactly near the end) into a shard of training data that later runs add to; a shard begun with the same options is continued'
complete -c boardplay -n "__fish_boardplay_needs_command" -a "fit" -d 'Fit the 8x8 evaluation again on shards of labelled positions (`label`), starting from and pulled towards the shipped weights, and write the weights'
complete -c boardplay -n "__fish_boardplay_needs_command" -a "test-positions" -d 'Score the engine on positions with known answers (OBF lines with the exact value of each move): its move and score on each, then best-move rate, error and disc loss'
complete -c boardplay -n "__fish_boardplay_needs_command" -a "known-answers" -d 'Write known-answer positions: one from each of some self-play games, every legal move solved exactly (OBF lines for test-positions)'
complete -c boardplay -n "__fish_boardplay_needs_command" -a "probcut" -d 'Measure how far shallow searches\' values lie from deeper ones\' and from exact scores: the spreads behind the searches\' ProbCut margins'
complete -c boardplay -n "__fish_boardplay_needs_command" -a "nboard" -d 'Speak the NBoard protocol on standard input and output, as the engine of NBoard or another Othello GUI'
complete -c boardplay -n "__fish_boardplay_needs_command" -a "openings" -d 'Make a list of balanced 8x8 Othello openings for `arena --openings`: random openings kept when the engine\'s search finds them within a few discs of even'
complete -c boardplay -n "__fish_boardplay_needs_command" -a "book" -d 'The opening book: build it from tournament games, extend it by self-play, show a position\'s book moves and the opening\'s name'
complete -c boardplay -n "__fish_boardplay_needs_command" -a "explain" -d 'Watch the algorithms think: the tree minimax or alpha-beta searched (windows, cuts and the nodes they saved), alpha-beta step by step, MCTS\'s root as it runs, the principal variation, and every algorithm compared on the position'
complete -c boardplay -n "__fish_boardplay_needs_command" -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c boardplay -n "__fish_boardplay_using_subcommand perft" -l game -d 'The game: othello (also reversi; the default) or tictactoe (also tic-tac-toe, ttt)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand perft" -l size -d 'Rows and columns (Othello: even, 4-16, default 8; tic-tac-toe: 3-8, default 3). With --board and no --size, the size is read from the board string' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand perft" -l rows -d 'Tic-tac-toe: rows, when the board is not square (default: the size)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand perft" -l cols -d 'Tic-tac-toe: columns, when the board is not square (default: the size)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand perft" -l k -d 'Tic-tac-toe: marks in a row to win (default: the longer side)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand perft" -l board -d 'Start from this board string instead of the start position: one character a cell row by row from a1 (X, O, - or .), then the side to move (X or O)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand perft" -l depth -d 'Count every depth from 1 up to this one (up to the longest game possible)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand perft" -l settings -d 'Settings file to read and write (default: ./settings.ron if present, else the user\'s config directory)' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand perft" -l force -d 'Run even a job estimated to take more than a day, which is otherwise refused'
complete -c boardplay -n "__fish_boardplay_using_subcommand perft" -s h -l help -d 'Print help'
complete -c boardplay -n "__fish_boardplay_using_subcommand solve" -l game -d 'The game: othello (also reversi; the default) or tictactoe (also tic-tac-toe, ttt)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand solve" -l size -d 'Rows and columns (Othello: even, 4-16, default 8; tic-tac-toe: 3-8, default 3). With --board and no --size, the size is read from the board string' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand solve" -l rows -d 'Tic-tac-toe: rows, when the board is not square (default: the size)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand solve" -l cols -d 'Tic-tac-toe: columns, when the board is not square (default: the size)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand solve" -l k -d 'Tic-tac-toe: marks in a row to win (default: the longer side)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand solve" -l board -d 'Start from this board string instead of the start position: one character a cell row by row from a1 (X, O, - or .), then the side to move (X or O)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand solve" -l file -d 'Solve every position of this file instead: lines of `id board side [score [moves]]`, `#` starts a comment (the format of tests/data/othello/ffo-01-39.txt)' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand solve" -l ids -d 'With --file, only these ids: "20-39", "1,3,5", "20-25,30"' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand solve" -l threads -d 'Threads to search on (default: every core). 1 gives the fair one-core figures of the strength and speed tables' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand solve" -l settings -d 'Settings file to read and write (default: ./settings.ron if present, else the user\'s config directory)' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand solve" -l one-best -d 'Find the value and one best move, not every best move: the work Zebra and Edax do when they solve. A file\'s best moves are then checked to contain the one found'
complete -c boardplay -n "__fish_boardplay_using_subcommand solve" -l force -d 'Run even a job estimated to take more than a day, which is otherwise refused'
complete -c boardplay -n "__fish_boardplay_using_subcommand solve" -s h -l help -d 'Print help'
complete -c boardplay -n "__fish_boardplay_using_subcommand arena" -l game -d 'The game: othello (also reversi; the default) or tictactoe (also tic-tac-toe, ttt)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand arena" -l size -d 'Rows and columns (Othello: even, 4-16, default 8; tic-tac-toe: 3-8, default 3). With --board and no --size, the size is read from the board string' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand arena" -l rows -d 'Tic-tac-toe: rows, when the board is not square (default: the size)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand arena" -l cols -d 'Tic-tac-toe: columns, when the board is not square (default: the size)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand arena" -l k -d 'Tic-tac-toe: marks in a row to win (default: the longer side)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand arena" -l board -d 'Start from this board string instead of the start position: one character a cell row by row from a1 (X, O, - or .), then the side to move (X or O)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand arena" -s a -l player-a -d 'Player A, who has Black (X) in the first game and colours alternate after: a level (beginner, easy, medium, hard, expert, perfect) or random, minimax:DEPTH, alphabeta:DEPTH, mcts:ITERATIONS, exact, or engine:COMMAND (another program that speaks the NBoard protocol)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand arena" -s b -l player-b -d 'Player B, who has White (O) in the first game' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand arena" -l games -d 'Games to play; colours alternate, each opening is played once with each colour' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand arena" -l seed -d 'Seeds the openings and the players\' random choices' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand arena" -l openings -d 'A list of openings, one a line (moves from the start, as the XOT list writes them); default on 8x8 Othello: the project\'s balanced set' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand arena" -l start -d 'Where the games start: standard, alternate (Othello\'s parallel centre), each with --opening-moves random moves (default 0); balanced (the project\'s balanced openings, 8x8 Othello); or file:PATH (an openings list, as --openings). The window\'s new game offers the same starts' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand arena" -l opening-moves -d 'Random moves that make each opening, instead of a list (default where no list applies: 4 for Othello, 1 for tic-tac-toe)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand arena" -l time -d 'The longest a move may take, in milliseconds, for both sides' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand arena" -l clock -d 'Each side\'s time for a whole game, in milliseconds; a side that runs over loses' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand arena" -l threads -d 'Threads to search on (default: every core). 1 gives the fair one-core figures of the strength and speed tables' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand arena" -l book -d 'Expert plays its first moves from the opening book (8x8 Othello), at once' -r -f -a "on\t'On'
off\t'Off'"
complete -c boardplay -n "__fish_boardplay_using_subcommand arena" -l book-variety -d 'Expert plays a random book move among those within this many discs of the best (0: always the best), so that its games differ' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand arena" -l settings -d 'Settings file to read and write (default: ./settings.ron if present, else the user\'s config directory)' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand arena" -l verbose -d 'Print a line per game'
complete -c boardplay -n "__fish_boardplay_using_subcommand arena" -l force -d 'Run even a job estimated to take more than a day, which is otherwise refused'
complete -c boardplay -n "__fish_boardplay_using_subcommand arena" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c boardplay -n "__fish_boardplay_using_subcommand train" -l out -d 'Where to write the weights' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand train" -l size -d 'The board: 8 or 12' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand train" -l games -d 'Self-play games (a tenth held out for the test)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand train" -l seed -d 'Seeds the games and the samples' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand train" -l threads -d 'Threads' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand train" -l exact-empties -d 'Exact labels up to this many empties (a multiple of the phase width: 4 on 8x8, 10 on 12x12) [default: 16 on 8x8, 10 on 12x12]' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand train" -l depth -d 'Plies of the labelling search above that' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand train" -l selfplay-plies -d 'Plies of the learned evaluation\'s search that plays the self-play games (0: the hand-written evaluation one ply deep, the quickest)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand train" -l max-per-phase -d 'At most this many training positions a phase' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand train" -l max-exact-per-phase -d 'At most this many in a phase of exact labels' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand train" -l wthor -d 'WTHOR games files (`.wtb`), or folders of them, whose games\' positions join the training set (8x8 only); repeatable' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand train" -l warm -d 'Start every phase\'s fit from these weights (a warm start from an earlier run)' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand train" -l max-empties -d 'Train the phases up to this many empties only [default: all]' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand train" -l test-positions -d 'Held-out positions to test on (each solved exactly)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand train" -l epochs -d 'Passes of gradient descent a phase' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand train" -l l2 -d 'L2 regularisation' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand train" -l settings -d 'Settings file to read and write (default: ./settings.ron if present, else the user\'s config directory)' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand train" -l keep-exact -d 'Keep the `--warm` weights of the phases of exact labels (up to `--exact-empties`) instead of solving and fitting them again'
complete -c boardplay -n "__fish_boardplay_using_subcommand train" -s h -l help -d 'Print help'
complete -c boardplay -n "__fish_boardplay_using_subcommand label" -l out -d 'The shard to write, or to continue if it was begun with the same settings' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand label" -l wthor -d 'WTHOR games files (`.wtb`), or folders of them, whose positions are labelled; repeatable' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand label" -l selfplay -d 'Self-play games (of Expert\'s learned evaluation, `--selfplay-plies` deep, from random openings) whose positions are labelled too' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand label" -l selfplay-plies -d 'Plies of the self-play games\' searches' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand label" -l seed -d 'Seeds the sample of positions and the self-play games' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand label" -l per-phase -d 'At most this many positions of each phase (four empties)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand label" -l min-empties -d 'Fewest empties of a position labelled' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand label" -l max-empties -d 'Most empties of a position labelled' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand label" -l depth -d 'Plies of the labelling searches' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand label" -l exact-from -d 'Positions with at most this many empties are solved exactly instead' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand label" -l threads -d 'Threads' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand label" -l batch -d 'Positions labelled between two writes of the file' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand label" -l settings -d 'Settings file to read and write (default: ./settings.ron if present, else the user\'s config directory)' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand label" -s h -l help -d 'Print help'
complete -c boardplay -n "__fish_boardplay_using_subcommand fit" -l shards -d 'The shards to fit on (`boardplay label`)' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand fit" -l out -d 'Where to write the weights' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand fit" -l warm -d 'The weights to start from and to pull towards [default: the shipped ones]' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand fit" -l min-positions -d 'Phases with fewer positions keep the starting weights' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand fit" -l epochs -d 'Passes of gradient descent a phase' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand fit" -l l2 -d 'Regularisation towards the starting weights, in positions\' worth of evidence: strong, because a shard holds far fewer positions than the starting weights were fitted on (on 11,000 positions a phase, 4 made the held-out error worse, 4.17 -> 4.48 discs; 1,000 made it better, 4.17 -> 4.13; docs/ai.md)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand fit" -l threads -d 'Threads' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand fit" -l settings -d 'Settings file to read and write (default: ./settings.ron if present, else the user\'s config directory)' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand fit" -s h -l help -d 'Print help'
complete -c boardplay -n "__fish_boardplay_using_subcommand test-positions" -l file -d 'The positions: OBF lines, `<cells> <X|O>;` then optionally `MOVE:VALUE;` for legal moves (Edax\'s problem files)' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand test-positions" -l time -d 'Expert\'s search with this many milliseconds a position (it solves exactly from its own number of empties on)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand test-positions" -l game-left -d 'Expert on a clock with this many milliseconds left for the rest of the game: it plans each move\'s time and its exact solve from the clock and the board ([`crate::ai::clock`]); a match gives both programs the same time a game this way' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand test-positions" -l depth -d 'A search of this many plies, no exact solving' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand test-positions" -l eval -d 'The evaluation at the leaves' -r -f -a "learned\t'The pattern evaluation learned from self-play (8x8 and 12x12 Othello; the hand-written one elsewhere)'
hand\t'The hand-written evaluation'"
complete -c boardplay -n "__fish_boardplay_using_subcommand test-positions" -l threads -d 'Threads to search on (default: every core). 1 gives the fair one-core figures of the strength and speed tables' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand test-positions" -l book -d 'Expert plays its first moves from the opening book (8x8 Othello), at once' -r -f -a "on\t'On'
off\t'Off'"
complete -c boardplay -n "__fish_boardplay_using_subcommand test-positions" -l book-variety -d 'Expert plays a random book move among those within this many discs of the best (0: always the best), so that its games differ' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand test-positions" -l seed -d 'Seeds the choice among book moves (with the position: the same seed plays the same book moves). Without it a seed is drawn from the clock for each run, so a match that asks a fresh process for each move still varies its games; give one to repeat a run\'s choices' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand test-positions" -l book-games -d 'A file counting the games this player began, a line each: at its first move of a game (4 or 5 discs on the board) a line is added, and the number of lines is mixed into --seed (0 if not given), so that a match asking one process a move still varies its book moves from game to game (reproducibly when the games are played one at a time). Made if missing' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand test-positions" -l settings -d 'Settings file to read and write (default: ./settings.ron if present, else the user\'s config directory)' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand test-positions" -l selective -d 'With `--depth`: search as Expert does, with its selective search (ProbCut), instead of full width'
complete -c boardplay -n "__fish_boardplay_using_subcommand test-positions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c boardplay -n "__fish_boardplay_using_subcommand known-answers" -l out -d 'Where to write the OBF lines' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand known-answers" -l games -d 'Self-play games to take a position from (one each)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand known-answers" -l empties -d 'Empty cells of the positions: "20-24", or one number' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand known-answers" -l seed -d 'Seeds the games (training uses seed 1: keep this one different)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand known-answers" -l search-plies -d 'Plies of the learned search that plays the games (0: the hand-written evaluation one ply deep, as the training\'s first games; 2 or more: games closer to real play)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand known-answers" -l random-percent -d 'Chance, in percent, that a move after the opening is random' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand known-answers" -l threads -d 'Threads to search on (default: every core). 1 gives the fair one-core figures of the strength and speed tables' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand known-answers" -l settings -d 'Settings file to read and write (default: ./settings.ron if present, else the user\'s config directory)' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand known-answers" -s h -l help -d 'Print help'
complete -c boardplay -n "__fish_boardplay_using_subcommand probcut" -l seed -d 'Seeds the self-play games (training uses seed 1: keep this one different)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand probcut" -l games -d 'Self-play games to take positions from (one a game and bucket of empties)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand probcut" -l wthor -d 'Take the positions from these WTHOR files (or folders of `.wtb` files) instead of self-play: the positions of real games, as a match reaches them' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand probcut" -l per-bucket -d 'Positions a bucket of empties' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand probcut" -l depth -d 'Deepest midgame search measured (from 3 plies)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand probcut" -l threads -d 'Threads' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand probcut" -l settings -d 'Settings file to read and write (default: ./settings.ron if present, else the user\'s config directory)' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand probcut" -s h -l help -d 'Print help'
complete -c boardplay -n "__fish_boardplay_using_subcommand nboard" -l threads -d 'Threads to search on (default: every core). 1 gives the fair one-core figures of the strength and speed tables' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand nboard" -l book -d 'Expert plays its first moves from the opening book (8x8 Othello), at once' -r -f -a "on\t'On'
off\t'Off'"
complete -c boardplay -n "__fish_boardplay_using_subcommand nboard" -l book-variety -d 'Expert plays a random book move among those within this many discs of the best (0: always the best), so that its games differ' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand nboard" -l seed -d 'Seeds the choice among book moves; each `go` of a session draws anew' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand nboard" -l user-book -d 'The user\'s book file, which `learn` adds to and the engine reads with the shipped book (default: book-learned.bpb in the user\'s data folder)' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand nboard" -l settings -d 'Settings file to read and write (default: ./settings.ron if present, else the user\'s config directory)' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand nboard" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c boardplay -n "__fish_boardplay_using_subcommand openings" -l out -d 'The file to write (the list `arena --openings` reads)' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand openings" -l count -d 'Openings to find' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand openings" -l moves -d 'Moves in each opening, from the start position' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand openings" -l depth -d 'Plies of the search that values each opening' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand openings" -l within -d 'The largest value, in discs either way, of an opening that is kept' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand openings" -l seed -d 'Seeds the random openings tried' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand openings" -l threads -d 'Threads to search on (default: every core). 1 gives the fair one-core figures of the strength and speed tables' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand openings" -l settings -d 'Settings file to read and write (default: ./settings.ron if present, else the user\'s config directory)' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand openings" -s h -l help -d 'Print help'
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and not __fish_seen_subcommand_from build extend deepen revalue show help" -l settings -d 'Settings file to read and write (default: ./settings.ron if present, else the user\'s config directory)' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and not __fish_seen_subcommand_from build extend deepen revalue show help" -s h -l help -d 'Print help'
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and not __fish_seen_subcommand_from build extend deepen revalue show help" -f -a "build" -d 'Add to a book file the positions that tournament games reach often, each valued by a search. Resumable: positions the file already holds are kept and not searched again, and the file is written after every batch, so a run broken off continues where it stopped'
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and not __fish_seen_subcommand_from build extend deepen revalue show help" -f -a "extend" -d 'Add to a book file the lines self-play leaves it by: games played from the start on the book\'s moves (a random one within --variety discs of the best, drawn from --seed), each followed out of the book for --plies moves of the search\'s choice, every position valued'
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and not __fish_seen_subcommand_from build extend deepen revalue show help" -f -a "deepen" -d 'Search again, deeper, the positions the book plays: those games from the start reach on book moves within --variety discs of the best, fewest discs first, in rounds (the values negamaxed again after each, which may bring other positions into play) until none is shallower than --depth or --max-positions are done. Resumable: a position already as deep is not searched again'
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and not __fish_seen_subcommand_from build extend deepen revalue show help" -f -a "revalue" -d 'Search every position of a book file again at the depth it was searched to, with this build\'s engine, so that its values are again what a fresh search gives after a change to the search (exact entries are kept: a solve does not change). Each depth\'s positions in turn, the file written after every batch; a run broken off leaves some positions searched again, and a new run searches them all'
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and not __fish_seen_subcommand_from build extend deepen revalue show help" -f -a "show" -d 'Show a position\'s book moves, their values and the opening\'s name'
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and not __fish_seen_subcommand_from build extend deepen revalue show help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from build" -l wthor -d 'WTHOR games files (.wtb), or folders of them' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from build" -l out -d 'The book file to add to (made if missing)' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from build" -l plies -d 'Moves from the start within which positions are taken' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from build" -l min-games -d 'Positions are taken that at least this many games reach (mirrors counted as one)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from build" -l depth -d 'Plies of the search that values each position (Expert\'s: selective, with the learned evaluation)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from build" -l exact-from -d 'Positions with at most this many empties are solved exactly instead' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from build" -l batch -d 'Positions valued between two writes of the file' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from build" -l threads -d 'Threads to search on (default: every core). 1 gives the fair one-core figures of the strength and speed tables' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from build" -l settings -d 'Settings file to read and write (default: ./settings.ron if present, else the user\'s config directory)' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from build" -s h -l help -d 'Print help'
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from extend" -l book -d 'The book file to add to' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from extend" -l games -d 'Self-play games' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from extend" -l seed -d 'Seeds the random choices among book moves' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from extend" -l variety -d 'Book moves within this many discs of the best are chosen among' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from extend" -l plies -d 'Moves of the search\'s choice played out of the book, each position added' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from extend" -l depth -d 'Plies of the search that values each position (Expert\'s: selective, with the learned evaluation)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from extend" -l exact-from -d 'Positions with at most this many empties are solved exactly instead' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from extend" -l batch -d 'Positions valued between two writes of the file' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from extend" -l threads -d 'Threads to search on (default: every core). 1 gives the fair one-core figures of the strength and speed tables' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from extend" -l settings -d 'Settings file to read and write (default: ./settings.ron if present, else the user\'s config directory)' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from extend" -s h -l help -d 'Print help'
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from deepen" -l book -d 'The book file to deepen' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from deepen" -l variety -d 'Book moves within this many discs of the best are followed (for both sides)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from deepen" -l max-positions -d 'The most positions searched in this run' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from deepen" -l depth -d 'Plies of the search that values each position (Expert\'s: selective, with the learned evaluation)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from deepen" -l exact-from -d 'Positions with at most this many empties are solved exactly instead' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from deepen" -l batch -d 'Positions valued between two writes of the file' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from deepen" -l threads -d 'Threads to search on (default: every core). 1 gives the fair one-core figures of the strength and speed tables' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from deepen" -l settings -d 'Settings file to read and write (default: ./settings.ron if present, else the user\'s config directory)' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from deepen" -s h -l help -d 'Print help'
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from revalue" -l book -d 'The book file to search again' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from revalue" -l batch -d 'Positions valued between two writes of the file' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from revalue" -l threads -d 'Threads to search on (default: every core). 1 gives the fair one-core figures of the strength and speed tables' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from revalue" -l settings -d 'Settings file to read and write (default: ./settings.ron if present, else the user\'s config directory)' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from revalue" -s h -l help -d 'Print help'
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from show" -l book -d 'A book file to read instead of the shipped book' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from show" -l settings -d 'Settings file to read and write (default: ./settings.ron if present, else the user\'s config directory)' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help'
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from help" -f -a "build" -d 'Add to a book file the positions that tournament games reach often, each valued by a search. Resumable: positions the file already holds are kept and not searched again, and the file is written after every batch, so a run broken off continues where it stopped'
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from help" -f -a "extend" -d 'Add to a book file the lines self-play leaves it by: games played from the start on the book\'s moves (a random one within --variety discs of the best, drawn from --seed), each followed out of the book for --plies moves of the search\'s choice, every position valued'
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from help" -f -a "deepen" -d 'Search again, deeper, the positions the book plays: those games from the start reach on book moves within --variety discs of the best, fewest discs first, in rounds (the values negamaxed again after each, which may bring other positions into play) until none is shallower than --depth or --max-positions are done. Resumable: a position already as deep is not searched again'
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from help" -f -a "revalue" -d 'Search every position of a book file again at the depth it was searched to, with this build\'s engine, so that its values are again what a fresh search gives after a change to the search (exact entries are kept: a solve does not change). Each depth\'s positions in turn, the file written after every batch; a run broken off leaves some positions searched again, and a new run searches them all'
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show a position\'s book moves, their values and the opening\'s name'
complete -c boardplay -n "__fish_boardplay_using_subcommand book; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c boardplay -n "__fish_boardplay_using_subcommand explain" -l game -d 'The game: othello (also reversi; the default) or tictactoe (also tic-tac-toe, ttt)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand explain" -l size -d 'Rows and columns (Othello: even, 4-16, default 8; tic-tac-toe: 3-8, default 3). With --board and no --size, the size is read from the board string' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand explain" -l rows -d 'Tic-tac-toe: rows, when the board is not square (default: the size)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand explain" -l cols -d 'Tic-tac-toe: columns, when the board is not square (default: the size)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand explain" -l k -d 'Tic-tac-toe: marks in a row to win (default: the longer side)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand explain" -l board -d 'Start from this board string instead of the start position: one character a cell row by row from a1 (X, O, - or .), then the side to move (X or O)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand explain" -l search -d 'The search of tree and steps' -r -f -a "minimax\t'Plain minimax: every move to the depth'
alphabeta\t'The players\' alpha-beta (principal variation search with a transposition table)'"
complete -c boardplay -n "__fish_boardplay_using_subcommand explain" -l depth -d 'Plies for minimax and alpha-beta (default: to the end of the game for tic-tac-toe, 3 for Othello)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand explain" -l levels -d 'Tree: levels below the root to print (the counts by level cover them all)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand explain" -l lines -d 'Tree and steps: the most lines printed' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand explain" -l cap -d 'Tree and steps: the most nodes kept; the search goes on past it, counted' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand explain" -l iterations -d 'MCTS and compare: iterations' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand explain" -l every -d 'MCTS: print the root every this many iterations (default: a tenth of them)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand explain" -l solve-empties -d 'Compare and pv: solve exactly when at most this many cells are empty (default: the game\'s reach, as analyses solve)' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand explain" -l seed -d 'Random and MCTS seed' -r
complete -c boardplay -n "__fish_boardplay_using_subcommand explain" -l settings -d 'Settings file to read and write (default: ./settings.ron if present, else the user\'s config directory)' -r -F
complete -c boardplay -n "__fish_boardplay_using_subcommand explain" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c boardplay -n "__fish_boardplay_using_subcommand help; and not __fish_seen_subcommand_from perft solve arena train label fit test-positions known-answers probcut nboard openings book explain help" -f -a "perft" -d 'Count the leaves of the game tree at each depth, with time and leaves per second'
complete -c boardplay -n "__fish_boardplay_using_subcommand help; and not __fish_seen_subcommand_from perft solve arena train label fit test-positions known-answers probcut nboard openings book explain help" -f -a "solve" -d 'Solve a position exactly: its value for the side to move and every best move'
complete -c boardplay -n "__fish_boardplay_using_subcommand help; and not __fish_seen_subcommand_from perft solve arena train label fit test-positions known-answers probcut nboard openings book explain help" -f -a "arena" -d 'Play a match between two levels or players and report the result and Elo difference'
complete -c boardplay -n "__fish_boardplay_using_subcommand help; and not __fish_seen_subcommand_from perft solve arena train label fit test-positions known-answers probcut nboard openings book explain help" -f -a "train" -d 'Train an Othello pattern evaluation (8x8 or 12x12) from self-play and write its weights'
complete -c boardplay -n "__fish_boardplay_using_subcommand help; and not __fish_seen_subcommand_from perft solve arena train label fit test-positions known-answers probcut nboard openings book explain help" -f -a "label" -d 'Label positions of tournament or self-play games by deep searches (exactly near the end) into a shard of training data that later runs add to; a shard begun with the same options is continued'
complete -c boardplay -n "__fish_boardplay_using_subcommand help; and not __fish_seen_subcommand_from perft solve arena train label fit test-positions known-answers probcut nboard openings book explain help" -f -a "fit" -d 'Fit the 8x8 evaluation again on shards of labelled positions (`label`), starting from and pulled towards the shipped weights, and write the weights'
complete -c boardplay -n "__fish_boardplay_using_subcommand help; and not __fish_seen_subcommand_from perft solve arena train label fit test-positions known-answers probcut nboard openings book explain help" -f -a "test-positions" -d 'Score the engine on positions with known answers (OBF lines with the exact value of each move): its move and score on each, then best-move rate, error and disc loss'
complete -c boardplay -n "__fish_boardplay_using_subcommand help; and not __fish_seen_subcommand_from perft solve arena train label fit test-positions known-answers probcut nboard openings book explain help" -f -a "known-answers" -d 'Write known-answer positions: one from each of some self-play games, every legal move solved exactly (OBF lines for test-positions)'
complete -c boardplay -n "__fish_boardplay_using_subcommand help; and not __fish_seen_subcommand_from perft solve arena train label fit test-positions known-answers probcut nboard openings book explain help" -f -a "probcut" -d 'Measure how far shallow searches\' values lie from deeper ones\' and from exact scores: the spreads behind the searches\' ProbCut margins'
complete -c boardplay -n "__fish_boardplay_using_subcommand help; and not __fish_seen_subcommand_from perft solve arena train label fit test-positions known-answers probcut nboard openings book explain help" -f -a "nboard" -d 'Speak the NBoard protocol on standard input and output, as the engine of NBoard or another Othello GUI'
complete -c boardplay -n "__fish_boardplay_using_subcommand help; and not __fish_seen_subcommand_from perft solve arena train label fit test-positions known-answers probcut nboard openings book explain help" -f -a "openings" -d 'Make a list of balanced 8x8 Othello openings for `arena --openings`: random openings kept when the engine\'s search finds them within a few discs of even'
complete -c boardplay -n "__fish_boardplay_using_subcommand help; and not __fish_seen_subcommand_from perft solve arena train label fit test-positions known-answers probcut nboard openings book explain help" -f -a "book" -d 'The opening book: build it from tournament games, extend it by self-play, show a position\'s book moves and the opening\'s name'
complete -c boardplay -n "__fish_boardplay_using_subcommand help; and not __fish_seen_subcommand_from perft solve arena train label fit test-positions known-answers probcut nboard openings book explain help" -f -a "explain" -d 'Watch the algorithms think: the tree minimax or alpha-beta searched (windows, cuts and the nodes they saved), alpha-beta step by step, MCTS\'s root as it runs, the principal variation, and every algorithm compared on the position'
complete -c boardplay -n "__fish_boardplay_using_subcommand help; and not __fish_seen_subcommand_from perft solve arena train label fit test-positions known-answers probcut nboard openings book explain help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c boardplay -n "__fish_boardplay_using_subcommand help; and __fish_seen_subcommand_from book" -f -a "build" -d 'Add to a book file the positions that tournament games reach often, each valued by a search. Resumable: positions the file already holds are kept and not searched again, and the file is written after every batch, so a run broken off continues where it stopped'
complete -c boardplay -n "__fish_boardplay_using_subcommand help; and __fish_seen_subcommand_from book" -f -a "extend" -d 'Add to a book file the lines self-play leaves it by: games played from the start on the book\'s moves (a random one within --variety discs of the best, drawn from --seed), each followed out of the book for --plies moves of the search\'s choice, every position valued'
complete -c boardplay -n "__fish_boardplay_using_subcommand help; and __fish_seen_subcommand_from book" -f -a "deepen" -d 'Search again, deeper, the positions the book plays: those games from the start reach on book moves within --variety discs of the best, fewest discs first, in rounds (the values negamaxed again after each, which may bring other positions into play) until none is shallower than --depth or --max-positions are done. Resumable: a position already as deep is not searched again'
complete -c boardplay -n "__fish_boardplay_using_subcommand help; and __fish_seen_subcommand_from book" -f -a "revalue" -d 'Search every position of a book file again at the depth it was searched to, with this build\'s engine, so that its values are again what a fresh search gives after a change to the search (exact entries are kept: a solve does not change). Each depth\'s positions in turn, the file written after every batch; a run broken off leaves some positions searched again, and a new run searches them all'
complete -c boardplay -n "__fish_boardplay_using_subcommand help; and __fish_seen_subcommand_from book" -f -a "show" -d 'Show a position\'s book moves, their values and the opening\'s name'
