// Shared jobs of the shop's instances: CSV import jobs with their file and progress (any
// process can show and continue them), and the test card processor's idempotency keys.
export default `
CREATE TABLE import_jobs (
  token TEXT PRIMARY KEY,
  file_name TEXT NOT NULL,
  actor TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('planned', 'running', 'done', 'failed')),
  progress_done INTEGER NOT NULL,
  progress_total INTEGER NOT NULL,
  result_json TEXT,
  claim_owner TEXT,
  claim_at TEXT,
  csv TEXT NOT NULL
);
CREATE INDEX import_jobs_created ON import_jobs (created_at);

CREATE TABLE payment_keys (
  key TEXT PRIMARY KEY,
  value_json TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX payment_keys_expiry ON payment_keys (expires_at);
`;
