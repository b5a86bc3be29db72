//! A player's session on the web table: who they are, until when, signed with a key of the
//! client secret. Nothing is kept on the server, so a restart of the bot keeps every session,
//! and no one can make one for someone else without the secret.

use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use base64::Engine;
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

/// The key sessions are signed with.
pub(super) struct Key([u8; 32]);

impl Key {
    /// A key of its own for sessions: the secret itself never signs anything else.
    pub fn from_secret(secret: &str) -> Key {
        let mut h = Sha256::new();
        h.update(b"gin web table sessions v1\0");
        h.update(secret.as_bytes());
        Key(h.finalize().into())
    }

    fn mac(&self) -> Hmac<Sha256> {
        Hmac::new_from_slice(&self.0).expect("any key length")
    }
}

/// Who a session is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Session {
    pub user_id: u64,
    pub name: String,
    /// Seconds since the epoch.
    pub expires: i64,
}

/// Why a session was not taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rejected {
    Malformed,
    Forged,
    Expired,
}

impl Session {
    /// The session's text: `user.expires.name.signature`.
    pub fn issue(&self, key: &Key) -> String {
        let body = format!(
            "{}.{}.{}",
            self.user_id,
            self.expires,
            B64.encode(self.name.as_bytes())
        );
        let mut mac = key.mac();
        mac.update(body.as_bytes());
        format!("{body}.{}", B64.encode(mac.finalize().into_bytes()))
    }

    /// The session `text` stands for, if it was issued with `key` and is still good at `now`.
    pub fn check(text: &str, key: &Key, now: i64) -> Result<Session, Rejected> {
        let (body, signature) = text.rsplit_once('.').ok_or(Rejected::Malformed)?;
        let signature = B64.decode(signature).map_err(|_| Rejected::Malformed)?;
        let mut mac = key.mac();
        mac.update(body.as_bytes());
        mac.verify_slice(&signature).map_err(|_| Rejected::Forged)?;
        let mut parts = body.splitn(3, '.');
        let mut next = || parts.next().ok_or(Rejected::Malformed);
        let user_id = next()?.parse().map_err(|_| Rejected::Malformed)?;
        let expires: i64 = next()?.parse().map_err(|_| Rejected::Malformed)?;
        let name = B64.decode(next()?).map_err(|_| Rejected::Malformed)?;
        let name = String::from_utf8(name).map_err(|_| Rejected::Malformed)?;
        if now >= expires {
            return Err(Rejected::Expired);
        }
        Ok(Session {
            user_id,
            name,
            expires,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ann() -> Session {
        Session {
            user_id: 1,
            name: "Ann. B".into(),
            expires: 1_000,
        }
    }

    #[test]
    fn a_session_reads_back_until_it_expires() {
        let key = Key::from_secret("s3cret");
        let text = ann().issue(&key);
        assert_eq!(Session::check(&text, &key, 999), Ok(ann()));
        assert_eq!(Session::check(&text, &key, 1_000), Err(Rejected::Expired));
    }

    #[test]
    fn another_key_or_an_edited_session_is_refused() {
        let key = Key::from_secret("s3cret");
        let text = ann().issue(&key);
        let other = Key::from_secret("other");
        assert_eq!(Session::check(&text, &other, 0), Err(Rejected::Forged));
        // Someone else's id with Ann's signature.
        let forged = text.replacen("1.", "2.", 1);
        assert_eq!(Session::check(&forged, &key, 0), Err(Rejected::Forged));
        let later = text.replacen(".1000.", ".9999.", 1);
        assert_eq!(Session::check(&later, &key, 0), Err(Rejected::Forged));
        assert_eq!(Session::check("junk", &key, 0), Err(Rejected::Malformed));
        assert_eq!(Session::check("", &key, 0), Err(Rejected::Malformed));
    }
}
