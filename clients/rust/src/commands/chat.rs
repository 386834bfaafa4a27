//! `agora chat`: send a message (text or quick phrase), list a table's chat, or follow it
//! live (resuming after disconnects from the last sequence seen, so no message is shown
//! twice or skipped).

use std::time::Duration;

use agora_proto::v1::{
    chat_message::Body, send_chat_message_request, ChatMessage, ListChatMessagesRequest,
    ListQuickPhrasesRequest, SendChatMessageRequest, StreamChatRequest,
};
use tonic::Code;

use crate::client::{
    authorized, bearer, code_name, connect_lazy, request, CliError, CliResult, Client,
};
use crate::commands::{request_id, retrying};

/// One line per message: `#3 [seat 1] Alice: hello`.
fn line(m: &ChatMessage) -> String {
    let who = match m.seat {
        Some(seat) => format!("[seat {seat}] {}", m.author_name),
        None => format!("[spectator] {}", m.author_name),
    };
    let body = match &m.body {
        Some(Body::Text(t)) => t.clone(),
        Some(Body::PhraseId(p)) => format!("<{p}>"),
        None => String::new(),
    };
    format!("#{} {who}: {body}", m.sequence)
}

pub async fn send(
    client: &mut Client,
    token: Option<&str>,
    session_id: String,
    text: Option<String>,
    phrase: Option<String>,
) -> CliResult<()> {
    let body = match (text, phrase) {
        (Some(t), None) => send_chat_message_request::Body::Text(t),
        (None, Some(p)) => send_chat_message_request::Body::PhraseId(p),
        _ => return Err(CliError::Usage("give a text or --phrase <id>".into())),
    };
    let message = SendChatMessageRequest {
        session_id,
        body: Some(body),
        request_id: request_id(),
    };
    let auth = token.filter(|t| !t.is_empty()).map(bearer).transpose()?;
    // The request id makes a retry safe: it answers the first message.
    let sent = retrying("SendChatMessage", || {
        let mut client = client.clone();
        let request = authorized(message.clone(), auth.as_ref());
        async move { client.send_chat_message(request).await }
    })
    .await?;
    if let Some(m) = sent.into_inner().message {
        println!("{}", line(&m));
    }
    Ok(())
}

pub async fn list(client: &mut Client, token: Option<&str>, session_id: String) -> CliResult<()> {
    let mut after = 0;
    loop {
        let page = client
            .list_chat_messages(request(
                ListChatMessagesRequest {
                    session_id: session_id.clone(),
                    after_sequence: after,
                    page_size: 500,
                },
                token,
            )?)
            .await?
            .into_inner();
        for m in &page.messages {
            println!("{}", line(m));
        }
        if page.next_after_sequence == after {
            return Ok(());
        }
        after = page.next_after_sequence;
    }
}

pub async fn phrases(client: &mut Client) -> CliResult<()> {
    let phrases = client
        .list_quick_phrases(ListQuickPhrasesRequest {})
        .await?
        .into_inner()
        .phrases;
    for p in phrases {
        println!("{:<20} {:<7} {}", p.id, p.kind, p.text);
    }
    Ok(())
}

pub async fn follow(
    server: &str,
    token: Option<&str>,
    session_id: String,
    after: u64,
) -> CliResult<()> {
    let mut client = connect_lazy(server)?;
    let mut last = after;
    let mut delay = Duration::from_millis(200);
    loop {
        let opened = client
            .stream_chat(request(
                StreamChatRequest {
                    session_id: session_id.clone(),
                    after_sequence: last,
                },
                token,
            )?)
            .await;
        let mut stream = match opened {
            Ok(s) => s.into_inner(),
            Err(status) if status.code() == Code::Unavailable => {
                eprintln!(
                    "{}: {}; retrying in {delay:?}",
                    code_name(status.code()),
                    status.message()
                );
                tokio::time::sleep(delay).await;
                delay = (delay * 2).min(Duration::from_secs(5));
                continue;
            }
            Err(status) => return Err(status.into()),
        };
        loop {
            match stream.message().await {
                Ok(Some(item)) => {
                    delay = Duration::from_millis(200);
                    let Some(m) = item.message else { continue };
                    if m.sequence <= last {
                        continue; // never shown twice
                    }
                    last = m.sequence;
                    println!("{}", line(&m));
                }
                Ok(None) => break,
                Err(status)
                    if matches!(
                        status.code(),
                        Code::Unavailable | Code::Unknown | Code::Cancelled
                    ) =>
                {
                    eprintln!(
                        "{}: {}; resuming after #{last}",
                        code_name(status.code()),
                        status.message()
                    );
                    break;
                }
                Err(status) => return Err(status.into()),
            }
        }
        tokio::time::sleep(delay).await;
        delay = (delay * 2).min(Duration::from_secs(5));
    }
}
