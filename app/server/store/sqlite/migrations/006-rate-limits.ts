// Rate-limit counters in the shop's one file, so every process of WEB_CONCURRENCY shares them:
// one row per key (its SHA-256), holding the open window's count and end.
export default `
CREATE TABLE rate_limits (
  key_hash TEXT PRIMARY KEY,
  count INTEGER NOT NULL,
  reset_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX rate_limits_reset_at ON rate_limits (reset_at);
`;
