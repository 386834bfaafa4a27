//! Counting for the reports: latency percentiles and answers per method per code.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::time::Duration;

/// The `p`th percentile (nearest rank) of sorted durations; zero when there are none.
pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// How many answers each (method, code) got, and the first message of each: a count
/// alone does not say which failure it was (a reset, a proxy's answer, a refusal).
#[derive(Debug, Default, Clone)]
pub struct CodeTable {
    counts: BTreeMap<(String, String), u64>,
    first_messages: BTreeMap<(String, String), String>,
}

impl CodeTable {
    pub fn add(&mut self, method: &str, code: tonic::Code) {
        *self
            .counts
            .entry((method.to_string(), code_name(code).to_string()))
            .or_default() += 1;
    }

    /// [`add`](Self::add), keeping the status's message if it is the first of its kind.
    pub fn add_status(&mut self, method: &str, status: &tonic::Status) {
        self.add(method, status.code());
        self.first_messages
            .entry((method.to_string(), code_name(status.code()).to_string()))
            .or_insert_with(|| status.message().to_string());
    }

    pub fn merge(&mut self, other: &CodeTable) {
        for (key, n) in &other.counts {
            *self.counts.entry(key.clone()).or_default() += n;
        }
        for (key, message) in &other.first_messages {
            self.first_messages
                .entry(key.clone())
                .or_insert_with(|| message.clone());
        }
    }

    /// The first message kept for (method, code), if any.
    pub fn first_message(&self, method: &str, code: &str) -> Option<&str> {
        self.first_messages
            .get(&(method.to_string(), code.to_string()))
            .map(String::as_str)
    }

    /// Answers with `code` over every method.
    pub fn total(&self, code: tonic::Code) -> u64 {
        let name = code_name(code);
        self.counts
            .iter()
            .filter(|((_, c), _)| c == name)
            .map(|(_, n)| n)
            .sum()
    }

    pub fn all(&self) -> u64 {
        self.counts.values().sum()
    }

    /// (method, code, count) rows, by method then code.
    pub fn rows(&self) -> impl Iterator<Item = (&str, &str, u64)> {
        self.counts
            .iter()
            .map(|((m, c), n)| (m.as_str(), c.as_str(), *n))
    }

    /// A table with one line per method and one column per code seen.
    pub fn render(&self) -> String {
        let codes: std::collections::BTreeSet<&str> =
            self.counts.keys().map(|(_, c)| c.as_str()).collect();
        let methods: std::collections::BTreeSet<&str> =
            self.counts.keys().map(|(m, _)| m.as_str()).collect();
        let mut out = String::new();
        let _ = write!(out, "{:<18}", "method");
        for code in &codes {
            let _ = write!(out, " {:>19}", code);
        }
        out.push('\n');
        for method in methods {
            let _ = write!(out, "{method:<18}");
            for code in &codes {
                let n = self
                    .counts
                    .get(&(method.to_string(), code.to_string()))
                    .copied()
                    .unwrap_or(0);
                let _ = write!(out, " {n:>19}");
            }
            out.push('\n');
        }
        out
    }
}

/// The canonical gRPC name of a code (`INVALID_ARGUMENT`).
pub fn code_name(code: tonic::Code) -> &'static str {
    use tonic::Code::*;
    match code {
        Ok => "OK",
        Cancelled => "CANCELLED",
        Unknown => "UNKNOWN",
        InvalidArgument => "INVALID_ARGUMENT",
        DeadlineExceeded => "DEADLINE_EXCEEDED",
        NotFound => "NOT_FOUND",
        AlreadyExists => "ALREADY_EXISTS",
        PermissionDenied => "PERMISSION_DENIED",
        ResourceExhausted => "RESOURCE_EXHAUSTED",
        FailedPrecondition => "FAILED_PRECONDITION",
        Aborted => "ABORTED",
        OutOfRange => "OUT_OF_RANGE",
        Unimplemented => "UNIMPLEMENTED",
        Internal => "INTERNAL",
        Unavailable => "UNAVAILABLE",
        DataLoss => "DATA_LOSS",
        Unauthenticated => "UNAUTHENTICATED",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_use_the_nearest_rank() {
        let sorted: Vec<Duration> = (1..=100).map(Duration::from_millis).collect();
        assert_eq!(percentile(&sorted, 50.0), Duration::from_millis(51));
        assert_eq!(percentile(&sorted, 99.0), Duration::from_millis(99));
        assert_eq!(percentile(&[], 99.0), Duration::ZERO);
    }

    #[test]
    fn code_table_counts_per_method_and_code() {
        let mut t = CodeTable::default();
        t.add("GetSession", tonic::Code::NotFound);
        t.add("GetSession", tonic::Code::NotFound);
        t.add("SubmitAction", tonic::Code::Internal);
        t.add_status("SubmitAction", &tonic::Status::unknown("cut"));
        t.add_status("SubmitAction", &tonic::Status::unknown("second"));
        assert_eq!(t.first_message("SubmitAction", "UNKNOWN"), Some("cut"));
        assert_eq!(t.first_message("GetSession", "NOT_FOUND"), None);
        assert_eq!(t.total(tonic::Code::NotFound), 2);
        assert_eq!(t.total(tonic::Code::Internal), 1);
        assert_eq!(t.total(tonic::Code::Unknown), 2);
        assert_eq!(t.all(), 5);
        assert!(t.render().contains("NOT_FOUND"));
    }
}
