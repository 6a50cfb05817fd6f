// Webhook endpoints and the outbox of deliveries (one row per event and endpoint).
export default `
CREATE TABLE webhook_endpoints (
  id TEXT PRIMARY KEY,
  url TEXT NOT NULL,
  events_json TEXT NOT NULL,
  secret TEXT NOT NULL,
  created_at TEXT NOT NULL,
  created_by TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  endpoint_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  next_attempt_at TEXT,
  give_up_at TEXT NOT NULL,
  claim_owner TEXT,
  last_attempt_at TEXT,
  last_status INTEGER,
  last_error TEXT,
  delivered_at TEXT
) WITHOUT ROWID;
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at);
`;
