//! OTLP export: a tiny in-process collector (the OTLP TraceService and MetricsService
//! `Export` calls, from `opentelemetry-proto`) receives the spans of the RPCs played
//! through the API and the service's metrics, flushed at shutdown. The server exporting
//! them is a real `agora-server` process: its tracing subscriber and OpenTelemetry
//! providers are process-wide, and in this binary's process they would also see (and
//! count) every other test's calls.

use crate::support::harness::*;
use crate::support::server_process::ServerProcess;
use agora_proto::v1 as pb;
use agora_service::config::Config;
use agora_service::{metrics, telemetry};
use opentelemetry_proto::tonic::collector::metrics::v1::metrics_service_server::{
    MetricsService, MetricsServiceServer,
};
use opentelemetry_proto::tonic::collector::metrics::v1::{
    ExportMetricsServiceRequest, ExportMetricsServiceResponse,
};
use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{
    TraceService, TraceServiceServer,
};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use opentelemetry_proto::tonic::common::v1::{any_value, KeyValue};
use opentelemetry_proto::tonic::metrics::v1::{metric, number_data_point, Metric};
use opentelemetry_proto::tonic::trace::v1::Span;
use std::sync::{Arc, Mutex};
use tonic::{Code, Request, Response, Status};

/// Everything the collector was sent.
#[derive(Default)]
struct Received {
    traces: Mutex<Vec<ExportTraceServiceRequest>>,
    metrics: Mutex<Vec<ExportMetricsServiceRequest>>,
}

#[derive(Clone, Default)]
struct Collector(Arc<Received>);

#[tonic::async_trait]
impl TraceService for Collector {
    async fn export(
        &self,
        request: Request<ExportTraceServiceRequest>,
    ) -> Result<Response<ExportTraceServiceResponse>, Status> {
        self.0
            .traces
            .lock()
            .expect("collector lock")
            .push(request.into_inner());
        Ok(Response::new(ExportTraceServiceResponse {
            partial_success: None,
        }))
    }
}

#[tonic::async_trait]
impl MetricsService for Collector {
    async fn export(
        &self,
        request: Request<ExportMetricsServiceRequest>,
    ) -> Result<Response<ExportMetricsServiceResponse>, Status> {
        self.0
            .metrics
            .lock()
            .expect("collector lock")
            .push(request.into_inner());
        Ok(Response::new(ExportMetricsServiceResponse {
            partial_success: None,
        }))
    }
}

/// Starts the collector on a free loopback port; its endpoint URL.
async fn start_collector(collector: Collector) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind the collector");
    let addr = listener.local_addr().expect("collector address");
    tokio::spawn(
        tonic::transport::Server::builder()
            .add_service(TraceServiceServer::new(collector.clone()))
            .add_service(MetricsServiceServer::new(collector))
            .serve_with_incoming(tokio_stream::wrappers::TcpListenerStream::new(listener)),
    );
    format!("http://{addr}")
}

fn string_attr<'a>(attributes: &'a [KeyValue], key: &str) -> Option<&'a str> {
    attributes.iter().find(|kv| kv.key == key).and_then(|kv| {
        match kv.value.as_ref().and_then(|v| v.value.as_ref()) {
            Some(any_value::Value::StringValue(s)) => Some(s.as_str()),
            _ => None,
        }
    })
}

fn int_attr(attributes: &[KeyValue], key: &str) -> Option<i64> {
    attributes.iter().find(|kv| kv.key == key).and_then(|kv| {
        match kv.value.as_ref().and_then(|v| v.value.as_ref()) {
            Some(any_value::Value::IntValue(i)) => Some(*i),
            _ => None,
        }
    })
}

/// The largest value (cumulative sums only grow) of counter `name` at the data point whose
/// attribute `key` is `value`.
fn sum_at(metrics: &[Metric], name: &str, key: &str, value: &str) -> Option<i64> {
    metrics
        .iter()
        .filter(|m| m.name == name)
        .filter_map(|m| match &m.data {
            Some(metric::Data::Sum(sum)) => Some(sum),
            _ => None,
        })
        .flat_map(|sum| sum.data_points.iter())
        .filter(|p| string_attr(&p.attributes, key) == Some(value))
        .filter_map(|p| match p.value {
            Some(number_data_point::Value::AsInt(v)) => Some(v),
            Some(number_data_point::Value::AsDouble(v)) => Some(v as i64),
            None => None,
        })
        .max()
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rpc_spans_and_action_metrics_reach_the_otlp_collector() {
    let collector = Collector::default();
    let received = collector.0.clone();
    let endpoint = start_collector(collector).await;

    // Spans are exported at `info`; the batches leave at SIGTERM, when the server flushes.
    let mut server = ServerProcess::start_with(
        &["--store", "memory", "--otlp-endpoint", &endpoint],
        &[("RUST_LOG", "info")],
    );
    let mut client = server.client().await;
    let (id, tokens) = started(&mut client, 2, true, 5).await;
    let played = 4;
    let last = play(&mut client, &id, &tokens, 5, played).await;
    assert_eq!(
        last.version, played as u64,
        "every step committed one version"
    );

    // One refusal: a stale expected_version is ABORTED.
    let seat = last.to_act[0] as usize;
    let options = legal(&mut client, &id, &tokens[seat]).await;
    let stale = client
        .submit_action(authed(
            submit_request(&id, options.actions[0].clone(), Some(0), ""),
            &tokens[seat],
        ))
        .await;
    assert_code(stale, Code::Aborted);

    // One stream opened and closed.
    let events = collect_stream(&mut client, &id, 0, None, 1).await;
    assert_eq!(events.len(), 1);

    drop(client);
    // The stream's span closes when the server notices the connection is gone, which it
    // does asynchronously; a span still open at SIGTERM is not exported. Nothing outside
    // the process shows that moment, so give it time (two runs on a saturated machine
    // lacked a span here).
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    // SIGTERM and the wait for the exit block; the collector answers on this runtime.
    let (status, log) = tokio::task::spawn_blocking(move || {
        let status = server.terminate();
        (status, server.log_text())
    })
    .await
    .expect("stopping the server");
    assert!(status.success(), "agora-server exited with {status}: {log}");

    // Traces: one span per call, named after the RPC, and the handler spans inside them.
    let traces = received.traces.lock().expect("lock");
    let spans: Vec<&Span> = traces
        .iter()
        .flat_map(|r| &r.resource_spans)
        .flat_map(|r| &r.scope_spans)
        .flat_map(|s| &s.spans)
        .collect();
    let names: Vec<&str> = spans.iter().map(|s| s.name.as_str()).collect();
    for rpc in [
        "agora.v1.GameService/CreateSession",
        "agora.v1.GameService/JoinSession",
        "agora.v1.GameService/ListLegalActions",
        "agora.v1.GameService/SubmitAction",
        "agora.v1.GameService/StreamEvents",
    ] {
        assert!(names.contains(&rpc), "no span {rpc} among {names:?}");
    }
    let submits: Vec<&&Span> = spans
        .iter()
        .filter(|s| s.name == "agora.v1.GameService/SubmitAction")
        .collect();
    assert_eq!(submits.len(), played + 1);
    // Each RPC span carries its gRPC status; a refused move is not a server error.
    let mut codes: Vec<i64> = submits
        .iter()
        .map(|s| int_attr(&s.attributes, "rpc.grpc.status_code").expect("a status code"))
        .collect();
    codes.sort_unstable();
    let mut expected = vec![Code::Ok as i64; played];
    expected.push(Code::Aborted as i64);
    assert_eq!(codes, expected);
    assert!(
        submits.iter().all(|s| s
            .status
            .as_ref()
            .is_none_or(|st| st.code
                != opentelemetry_proto::tonic::trace::v1::status::StatusCode::Error as i32)),
        "refusals are the caller's business, not span errors"
    );
    let handler = spans
        .iter()
        .find(|s| s.name == "submit")
        .expect("the submit handler's span");
    assert!(
        submits
            .iter()
            .any(|rpc| rpc.span_id == handler.parent_span_id),
        "the handler span is a child of its RPC span"
    );
    assert_eq!(
        string_attr(&handler.attributes, "session"),
        Some(id.as_str())
    );
    let service = std::env::var("OTEL_SERVICE_NAME").unwrap_or_else(|_| "agora-server".into());
    let resource = traces[0].resource_spans[0]
        .resource
        .as_ref()
        .expect("a resource");
    assert_eq!(
        string_attr(&resource.attributes, "service.name"),
        Some(service.as_str())
    );
    drop(traces);

    // Metrics: committed actions by game, refusals by code, latency, open streams.
    let exported = received.metrics.lock().expect("lock");
    let all: Vec<Metric> = exported
        .iter()
        .flat_map(|r| &r.resource_metrics)
        .flat_map(|r| &r.scope_metrics)
        .flat_map(|s| s.metrics.clone())
        .collect();
    assert_eq!(
        sum_at(&all, metrics::COMMITTED, "game", "origin"),
        Some(played as i64)
    );
    assert_eq!(
        sum_at(&all, metrics::REFUSED, "rpc.grpc.status_code", "ABORTED"),
        Some(1)
    );
    let latency_count: u64 = all
        .iter()
        .filter(|m| m.name == metrics::SUBMIT_DURATION)
        .filter_map(|m| match &m.data {
            Some(metric::Data::Histogram(h)) => Some(h.data_points.iter().map(|p| p.count).sum()),
            _ => None,
        })
        .max()
        .expect("the SubmitAction latency histogram");
    assert_eq!(latency_count, played as u64 + 1);
    assert!(
        all.iter().any(|m| m.name == metrics::OPEN_STREAMS),
        "the open streams counter"
    );
}

#[test]
fn without_an_endpoint_nothing_is_built() {
    let mut config = Config::for_tests();
    config.otlp_endpoint = None;
    assert!(telemetry::providers(&config).expect("no error").is_none());
    let _ = pb::ListGamesRequest {};
}
