//! The operator's chat filter, asked before a text message is stored: a word list whose
//! words are masked as `***` (`--chat-word-list`), and/or a webhook that answers accept,
//! mask or reject (`--chat-filter-url`), signed like the notification webhooks (Standard
//! Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`). The webhook sees
//! the text after the word list. When it does not answer within `--chat-filter-timeout-ms`
//! or answers something unreadable, `--chat-filter-default` decides (reject unless set).

use crate::notify::{parse_secret, sign};
use serde::Deserialize;
use std::time::Duration;

/// What the filter made of a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Store this text (the original, or masked).
    Accept(String),
    /// Store nothing: the filter refused it.
    Reject,
    /// Store nothing: the filter failed and its default is to reject (the sender may retry).
    Unavailable,
}

/// The verdict when the webhook fails or is late.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DefaultVerdict {
    Accept,
    Reject,
}

/// Words to mask, lowercased; matched as whole words, whatever their case.
#[derive(Debug, Clone, Default)]
pub struct WordList {
    words: Vec<String>,
}

impl WordList {
    /// One word (or phrase) a line; blank lines and lines starting with `#` are skipped.
    pub fn parse(text: &str) -> WordList {
        let mut words: Vec<String> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_lowercase)
            .collect();
        // Longest first, so a phrase is masked before a word inside it.
        words.sort_by_key(|w| std::cmp::Reverse(w.chars().count()));
        words.dedup();
        WordList { words }
    }

    pub fn load(path: &str) -> Result<WordList, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read --chat-word-list {path}: {e}"))?;
        Ok(WordList::parse(&text))
    }

    /// `text` with each listed word masked as `***`.
    pub fn mask(&self, text: &str) -> String {
        let mut out: Vec<char> = text.chars().collect();
        for word in &self.words {
            let w: Vec<char> = word.chars().collect();
            let mut i = 0;
            while i + w.len() <= out.len() {
                let matches = out[i..i + w.len()]
                    .iter()
                    .zip(&w)
                    .all(|(a, b)| a.to_lowercase().eq(b.to_lowercase()));
                let bounded = (i == 0 || !out[i - 1].is_alphanumeric())
                    && out.get(i + w.len()).is_none_or(|c| !c.is_alphanumeric());
                if matches && bounded {
                    out.splice(i..i + w.len(), "***".chars());
                    i += 3;
                } else {
                    i += 1;
                }
            }
        }
        out.into_iter().collect()
    }
}

/// The webhook's settings.
#[derive(Debug, Clone)]
pub struct FilterHook {
    pub url: String,
    pub secret: Vec<u8>,
    pub timeout: Duration,
    pub default: DefaultVerdict,
}

/// The whole filter; an empty one accepts everything.
#[derive(Debug, Clone, Default)]
pub struct ChatFilter {
    pub words: WordList,
    pub hook: Option<FilterHook>,
    client: reqwest::Client,
}

/// What the message is, for the webhook.
pub struct Asked<'a> {
    pub session_id: &'a str,
    pub seat: Option<u8>,
    pub player_id: Option<&'a str>,
    pub text: &'a str,
}

#[derive(Deserialize)]
struct Answer {
    verdict: String,
    #[serde(default)]
    text: Option<String>,
}

impl ChatFilter {
    pub fn new(words: WordList, hook: Option<FilterHook>) -> ChatFilter {
        ChatFilter {
            words,
            hook,
            client: reqwest::Client::new(),
        }
    }

    /// From the server's flags; `--chat-filter-url` needs a secret (its own, or the
    /// notification webhooks').
    pub fn from_config(config: &crate::Config) -> Result<ChatFilter, String> {
        let words = match config.chat_word_list.as_deref().filter(|p| !p.is_empty()) {
            Some(path) => WordList::load(path)?,
            None => WordList::default(),
        };
        let hook = match config.chat_filter_url.as_deref().filter(|u| !u.is_empty()) {
            Some(url) => {
                let secret = config
                    .chat_filter_secret
                    .as_deref()
                    .or(config.webhook_secret.as_deref())
                    .ok_or("--chat-filter-url needs --chat-filter-secret (or --webhook-secret)")?;
                Some(FilterHook {
                    url: url.to_string(),
                    secret: parse_secret(secret)?,
                    timeout: Duration::from_millis(config.chat_filter_timeout_ms),
                    default: config.chat_filter_default,
                })
            }
            None => None,
        };
        Ok(ChatFilter::new(words, hook))
    }

    /// The verdict on `asked`: the word list first, then the webhook.
    pub async fn check(&self, asked: &Asked<'_>) -> Verdict {
        let text = self.words.mask(asked.text);
        let Some(hook) = &self.hook else {
            return Verdict::Accept(text);
        };
        match tokio::time::timeout(hook.timeout, self.ask(hook, asked, &text)).await {
            Ok(Ok(verdict)) => verdict,
            failed => {
                let why = match failed {
                    Ok(Err(e)) => e,
                    _ => format!("no answer within {} ms", hook.timeout.as_millis()),
                };
                if let Some(suppressed) = crate::throttle::admit("chat_filter") {
                    tracing::warn!(suppressed, error = %why, default = ?hook.default, "the chat filter failed; its default verdict applies");
                }
                match hook.default {
                    DefaultVerdict::Accept => Verdict::Accept(text),
                    DefaultVerdict::Reject => Verdict::Unavailable,
                }
            }
        }
    }

    async fn ask(
        &self,
        hook: &FilterHook,
        asked: &Asked<'_>,
        text: &str,
    ) -> Result<Verdict, String> {
        let id = format!("chk_{}", hex::encode(rand::random::<[u8; 16]>()));
        let body = serde_json::json!({
            "type": "agora.chat_message",
            "data": {
                "session_id": asked.session_id,
                "seat": asked.seat,
                "player_id": asked.player_id,
                "text": text,
            },
        })
        .to_string()
        .into_bytes();
        let timestamp = crate::store::now_ms() / 1000;
        let signature = sign(&hook.secret, &id, timestamp, &body);
        let response = self
            .client
            .post(&hook.url)
            .header("content-type", "application/json")
            .header("webhook-id", &id)
            .header("webhook-timestamp", timestamp.to_string())
            .header("webhook-signature", signature)
            .body(body)
            .send()
            .await
            .map_err(|e| format!("POST failed: {e}"))?;
        if !response.status().is_success() {
            return Err(format!("the filter answered {}", response.status()));
        }
        let bytes = response
            .bytes()
            .await
            .map_err(|e| format!("unreadable answer: {e}"))?;
        let answer: Answer =
            serde_json::from_slice(&bytes).map_err(|e| format!("unreadable answer: {e}"))?;
        match answer.verdict.as_str() {
            "accept" => Ok(Verdict::Accept(text.to_string())),
            // A mask without a text masks the whole message.
            "mask" => Ok(Verdict::Accept(
                answer
                    .text
                    .filter(|t| t.chars().count() <= crate::api::chat::MAX_TEXT_CHARS)
                    .unwrap_or_else(|| "***".to_string()),
            )),
            "reject" => Ok(Verdict::Reject),
            other => Err(format!("unknown verdict {other:?}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listed_words_are_masked_as_whole_words_whatever_their_case() {
        let list = WordList::parse("# a comment\nbadword\n\nvery bad\n");
        assert_eq!(list.mask("a BadWord here"), "a *** here");
        assert_eq!(list.mask("badwords stay"), "badwords stay");
        assert_eq!(list.mask("that was Very Bad!"), "that was ***!");
        assert_eq!(list.mask("badword,badword"), "***,***");
        assert_eq!(list.mask("clean"), "clean");
    }
}
