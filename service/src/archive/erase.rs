//! Erasure of one player from the archive (issue 36 item 6; `agora-server archive
//! erase-player`). Their id and name are replaced by a pseudonym in every archived game
//! that holds them, in the seat rows and in the stored metadata (seats and invitations);
//! the request fingerprint, derived from the creator's request, is dropped. The final
//! snapshot and the log hold neither ids nor names (seats are numbers there), which the
//! erasure test checks byte for byte, decompressed. Their archived chat messages keep
//! their place, under the pseudonym, with their texts replaced by `(erased)`.
//!
//! The pseudonym is random per erasure and recorded nowhere: the same in all of the
//! player's games (their history still adds up), and not derivable from the old id.
//! All of it is one transaction: cut short, nothing changed, and running it again does
//! the whole of it; run again after success, it finds nothing.

use super::postgres::PgArchive;
use super::ArchiveError;
use crate::store::codec;
use rand::Rng;
use sqlx::Row;

/// What an erasure did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Erased {
    /// The id and name that replace the player's.
    pub pseudonym: String,
    /// Archived games changed.
    pub games: u64,
}

fn unavailable(e: sqlx::Error) -> ArchiveError {
    ArchiveError::Unavailable(e.to_string())
}

/// A new pseudonym: `erased-` and 128 random bits in hex.
pub fn new_pseudonym() -> String {
    let bits: u128 = rand::rng().random();
    format!("erased-{bits:032x}")
}

impl PgArchive {
    /// Replaces `player_id` (and the names of their seats) by `pseudonym` in every
    /// archived game. Games are found by their seat rows (indexed) and by a scan of the
    /// stored metadata for the id as bytes (a player invited to a private game they never
    /// joined has no seat row): the scan reads every game once, so run this off-peak.
    pub async fn erase_player(
        &self,
        player_id: &str,
        pseudonym: &str,
    ) -> Result<Erased, ArchiveError> {
        if player_id.is_empty() {
            return Err(ArchiveError::Corrupt("an empty player id".into()));
        }
        let mut tx = self.pool().begin().await.map_err(unavailable)?;
        let rows = sqlx::query(
            "SELECT session_id, meta FROM archived_session WHERE session_id IN ( \
               SELECT session_id FROM archived_seat WHERE player_id = $1) \
               OR position(convert_to($1, 'UTF8') IN meta) > 0 \
             ORDER BY session_id FOR UPDATE",
        )
        .bind(player_id)
        .fetch_all(&mut *tx)
        .await
        .map_err(unavailable)?;
        let mut games = 0u64;
        for row in rows {
            let session_id: String = row.try_get("session_id").map_err(corrupt)?;
            let bytes: Vec<u8> = row.try_get("meta").map_err(corrupt)?;
            let mut meta = codec::decode_meta(&bytes).map_err(corrupt)?;
            let mut changed = false;
            for seat in meta.seats.iter_mut() {
                if seat.player_id.as_deref() == Some(player_id) {
                    seat.player_id = Some(pseudonym.to_string());
                    seat.player_name = pseudonym.to_string();
                    changed = true;
                }
            }
            for invited in meta.invited_player_ids.iter_mut() {
                if invited == player_id {
                    *invited = pseudonym.to_string();
                    changed = true;
                }
            }
            // The bytes matched inside another id or a name ("bob" in "bobby"): not theirs.
            if !changed {
                continue;
            }
            meta.create_fingerprint = None;
            let rewritten = codec::encode_meta(&meta).map_err(corrupt)?;
            sqlx::query("UPDATE archived_session SET meta = $2 WHERE session_id = $1")
                .bind(&session_id)
                .bind(&rewritten)
                .execute(&mut *tx)
                .await
                .map_err(unavailable)?;
            sqlx::query(
                "UPDATE archived_seat SET player_id = $3, player_name = $3 \
                 WHERE session_id = $1 AND player_id = $2",
            )
            .bind(&session_id)
            .bind(player_id)
            .bind(pseudonym)
            .execute(&mut *tx)
            .await
            .map_err(unavailable)?;
            games += 1;
        }
        // Their chat messages in archived games: id and name pseudonymised, texts erased.
        sqlx::query(
            "UPDATE archived_chat SET messages = ( \
               SELECT jsonb_agg(CASE WHEN m->>'player_id' = $1 THEN m || jsonb_build_object( \
                 'player_id', $2::text, 'author_name', $2::text, 'body', \
                 CASE WHEN m->'body' ? 'text' THEN jsonb_build_object('text', '(erased)') \
                 ELSE m->'body' END) ELSE m END ORDER BY ord) \
               FROM jsonb_array_elements(messages) WITH ORDINALITY AS t(m, ord)) \
             WHERE messages @> jsonb_build_array(jsonb_build_object('player_id', $1::text))",
        )
        .bind(player_id)
        .bind(pseudonym)
        .execute(&mut *tx)
        .await
        .map_err(unavailable)?;
        tx.commit().await.map_err(unavailable)?;
        Ok(Erased {
            pseudonym: pseudonym.to_string(),
            games,
        })
    }
}

fn corrupt(e: impl std::fmt::Display) -> ArchiveError {
    ArchiveError::Corrupt(e.to_string())
}
