// The back office: tombstones of deleted products (so in-process indexes that follow seq learn
// of deletions too) and the audit log of every admin change. Snapshots are JSON text.
export default `
CREATE TABLE product_tombstones (
  id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL UNIQUE
);

CREATE TABLE audit_log (
  id TEXT PRIMARY KEY,
  at TEXT NOT NULL,
  actor TEXT NOT NULL,
  entity_type TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  action TEXT NOT NULL,
  summary TEXT NOT NULL,
  before_json TEXT,
  after_json TEXT
);
CREATE INDEX audit_log_entity ON audit_log (entity_type, entity_id, id);
`;
