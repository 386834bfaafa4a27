//! `agora health`: the standard gRPC health check, optionally waiting until SERVING.

use std::time::{Duration, Instant};

use tonic_health::pb::{
    health_check_response::ServingStatus, health_client::HealthClient, HealthCheckRequest,
};

use crate::client::{code_name, connect_channel, CliError, CliResult};

async fn check_once(server: &str, service: &str) -> CliResult<ServingStatus> {
    let mut health = HealthClient::new(connect_channel(server).await?);
    let response = health
        .check(HealthCheckRequest {
            service: service.to_string(),
        })
        .await?
        .into_inner();
    Ok(ServingStatus::try_from(response.status).unwrap_or(ServingStatus::Unknown))
}

pub async fn health(server: &str, service: &str, wait: Option<f64>) -> CliResult<()> {
    let deadline = wait.map(|s| Instant::now() + Duration::from_secs_f64(s.max(0.0)));
    loop {
        let result = check_once(server, service).await;
        let error = match result {
            Ok(ServingStatus::Serving) => {
                println!("SERVING");
                return Ok(());
            }
            Ok(other) => CliError::Other(format!("health: {}", other.as_str_name())),
            Err(e) => e,
        };
        match deadline {
            Some(d) if Instant::now() < d => {
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            _ => {
                return Err(match error {
                    CliError::Status(s) => CliError::Other(format!(
                        "health check failed: {}: {}",
                        code_name(s.code()),
                        s.message()
                    )),
                    other => other,
                })
            }
        }
    }
}
