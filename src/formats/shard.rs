//! A shard of labelled training positions (`.bps`): 8x8 Othello positions, each with the
//! value a deep search or the exact solver gave it, written by `boardplay label` and merged
//! by `boardplay fit`. A shard names what made it (seed, depths, the evaluation that scored
//! the searches' leaves, the positions asked for), so that a run broken off is continued only
//! with the same settings, and shards made on different days merge into one fit.
//!
//! All numbers little-endian:
//!
//! | bytes | header (64 bytes) |
//! |---|---|
//! | 0-7 | `BPSHARD1` |
//! | 8-15 | the seed that drew the positions |
//! | 16-23 | a fingerprint of the positions asked for, in their order |
//! | 24-31 | a fingerprint of the weights that scored the searches' leaves |
//! | 32-35 | how many positions were asked for |
//! | 36 | the depth of the searches (plies) |
//! | 37 | the most empties solved exactly instead |
//! | 38-63 | zero |
//!
//! | bytes | record (20 bytes) |
//! |---|---|
//! | 0-7 | discs of the side to move (bit `8 * row + col`, a1 = bit 0) |
//! | 8-15 | discs of the other side |
//! | 16-17 | the value for the side to move, in hundredths of a disc (signed) |
//! | 18 | the depth searched (plies); 0 for an exact solve |
//! | 19 | zero |
//!
//! The records are the positions asked for, in order: a shard of `k` records has labelled the
//! first `k`.

use thiserror::Error;

/// The file's first eight bytes.
pub const MAGIC: &[u8; 8] = b"BPSHARD1";
/// The header's size.
pub const HEADER: usize = 64;
/// One record's size.
pub const RECORD: usize = 20;

/// What made a shard: the same header means the same positions, labelled the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardHeader {
    /// The seed that drew the positions.
    pub seed: u64,
    /// A fingerprint of the positions asked for, in their order.
    pub positions: u64,
    /// A fingerprint of the weights that scored the searches' leaves.
    pub weights: u64,
    /// How many positions were asked for.
    pub count: u32,
    /// The depth of the searches, in plies.
    pub depth: u8,
    /// Positions with at most this many empties are solved exactly.
    pub exact_from: u8,
}

/// One labelled position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Labelled {
    /// Discs of the side to move.
    pub player: u64,
    /// Discs of the other side.
    pub opponent: u64,
    /// The value for the side to move, in hundredths of a disc.
    pub value: i16,
    /// The plies searched; 0 for an exact solve.
    pub depth: u8,
}

/// Why bytes are not a shard.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ShardError {
    /// Too short for the header, or another kind of file.
    #[error("not a boardplay shard (no BPSHARD1 header)")]
    NotAShard,
    /// The records do not fill whole records.
    #[error("{0} bytes after the header: not a whole number of 20-byte records")]
    Truncated(usize),
    /// More records than the header asked for.
    #[error("{records} records, but the shard asked for {count} positions")]
    TooMany {
        /// Records in the file.
        records: usize,
        /// Positions the header asked for.
        count: u32,
    },
    /// A record that no position of a game can be.
    #[error("record {index}: {why}")]
    BadRecord {
        /// The record's index, from 0.
        index: usize,
        /// What is wrong.
        why: &'static str,
    },
}

impl ShardHeader {
    /// The header's bytes.
    pub fn to_bytes(&self) -> [u8; HEADER] {
        let mut b = [0u8; HEADER];
        b[..8].copy_from_slice(MAGIC);
        b[8..16].copy_from_slice(&self.seed.to_le_bytes());
        b[16..24].copy_from_slice(&self.positions.to_le_bytes());
        b[24..32].copy_from_slice(&self.weights.to_le_bytes());
        b[32..36].copy_from_slice(&self.count.to_le_bytes());
        b[36] = self.depth;
        b[37] = self.exact_from;
        b
    }
}

impl Labelled {
    /// The record's bytes.
    pub fn to_bytes(&self) -> [u8; RECORD] {
        let mut b = [0u8; RECORD];
        b[..8].copy_from_slice(&self.player.to_le_bytes());
        b[8..16].copy_from_slice(&self.opponent.to_le_bytes());
        b[16..18].copy_from_slice(&self.value.to_le_bytes());
        b[18] = self.depth;
        b
    }

    /// The empty cells.
    pub fn empties(&self) -> u32 {
        64 - (self.player | self.opponent).count_ones()
    }
}

/// The bytes of a shard with `header` and `records`.
pub fn write(header: &ShardHeader, records: &[Labelled]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER + RECORD * records.len());
    out.extend_from_slice(&header.to_bytes());
    for r in records {
        out.extend_from_slice(&r.to_bytes());
    }
    out
}

/// The header and records of a shard's bytes, every record checked: the two sides' discs
/// apart, the four centre cells taken, and the value within the board's 64 discs.
pub fn read(bytes: &[u8]) -> Result<(ShardHeader, Vec<Labelled>), ShardError> {
    if bytes.len() < HEADER || &bytes[..8] != MAGIC {
        return Err(ShardError::NotAShard);
    }
    let u64_at = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().unwrap_or_default());
    let header = ShardHeader {
        seed: u64_at(8),
        positions: u64_at(16),
        weights: u64_at(24),
        count: u32::from_le_bytes(bytes[32..36].try_into().unwrap_or_default()),
        depth: bytes[36],
        exact_from: bytes[37],
    };
    let body = &bytes[HEADER..];
    if !body.len().is_multiple_of(RECORD) {
        return Err(ShardError::Truncated(body.len()));
    }
    let records = body.len() / RECORD;
    if records > header.count as usize {
        return Err(ShardError::TooMany {
            records,
            count: header.count,
        });
    }
    const CENTRE: u64 = 0x0000_0018_1800_0000;
    body.chunks_exact(RECORD)
        .enumerate()
        .map(|(index, r)| {
            let player = u64::from_le_bytes(r[..8].try_into().unwrap_or_default());
            let opponent = u64::from_le_bytes(r[8..16].try_into().unwrap_or_default());
            let value = i16::from_le_bytes([r[16], r[17]]);
            let bad = |why| Err(ShardError::BadRecord { index, why });
            if player & opponent != 0 {
                return bad("a cell holds both sides' discs");
            }
            if (player | opponent) & CENTRE != CENTRE {
                return bad("a centre cell is empty");
            }
            if !(-6400..=6400).contains(&value) {
                return bad("the value is beyond 64 discs");
            }
            if r[19] != 0 {
                return bad("the reserved byte is not zero");
            }
            Ok(Labelled {
                player,
                opponent,
                value,
                depth: r[18],
            })
        })
        .collect::<Result<Vec<_>, _>>()
        .map(|records| (header, records))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> ShardHeader {
        ShardHeader {
            seed: 7,
            positions: 0x1234_5678_9abc_def0,
            weights: 42,
            count: 3,
            depth: 10,
            exact_from: 20,
        }
    }

    /// The start position, black to move: d5 and e4 black (bits 35 and 28), d4 and e5 white.
    const BLACK: u64 = (1 << 35) | (1 << 28);
    const WHITE: u64 = (1 << 27) | (1 << 36);

    #[test]
    fn a_shard_reads_back_as_written() {
        let records = [
            Labelled {
                player: BLACK,
                opponent: WHITE,
                value: -150,
                depth: 10,
            },
            Labelled {
                player: WHITE | 1,
                opponent: BLACK,
                value: 6400,
                depth: 0,
            },
        ];
        let bytes = write(&header(), &records);
        assert_eq!(bytes.len(), 64 + 2 * 20);
        assert_eq!(&bytes[..8], b"BPSHARD1");
        // The value's two bytes, little-endian: -150 = 0xff6a.
        assert_eq!(&bytes[64 + 16..64 + 19], &[0x6a, 0xff, 10]);
        assert_eq!(read(&bytes), Ok((header(), records.to_vec())));
        assert_eq!(records[0].empties(), 60);
    }

    #[test]
    fn bad_shards_get_typed_errors() {
        let good = Labelled {
            player: BLACK,
            opponent: WHITE,
            value: 0,
            depth: 4,
        };
        assert_eq!(read(b"BPSHARD"), Err(ShardError::NotAShard));
        assert_eq!(read(&[0u8; 80]), Err(ShardError::NotAShard));
        let mut cut = write(&header(), &[good]);
        cut.pop();
        assert_eq!(read(&cut), Err(ShardError::Truncated(19)));
        let four = write(&header(), &[good; 4]);
        assert_eq!(
            read(&four),
            Err(ShardError::TooMany {
                records: 4,
                count: 3
            })
        );
        let overlapping = Labelled {
            opponent: WHITE | BLACK,
            ..good
        };
        let e = read(&write(&header(), &[good, overlapping])).unwrap_err();
        assert_eq!(e.to_string(), "record 1: a cell holds both sides' discs");
        let empty_centre = Labelled {
            player: 1,
            opponent: 2,
            ..good
        };
        assert!(matches!(
            read(&write(&header(), &[empty_centre])),
            Err(ShardError::BadRecord { index: 0, .. })
        ));
        let huge = Labelled {
            value: 6401,
            ..good
        };
        assert!(read(&write(&header(), &[huge])).is_err());
    }
}
