// Abandoned checkouts (one row per cart), reminder opt-outs and the owner's reminder settings.
export default `
CREATE TABLE abandoned_checkouts (
  cart_id TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  lines_json TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  converted_order_id TEXT,
  reminders_sent INTEGER NOT NULL DEFAULT 0,
  last_sent_at TEXT,
  claim_owner TEXT,
  claim_until TEXT,
  recovered_order_id TEXT,
  recovered_total_minor INTEGER,
  restored_into TEXT,
  opted_out INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE INDEX abandoned_checkouts_open ON abandoned_checkouts (reminders_sent, updated_at) WHERE converted_order_id IS NULL AND opted_out = 0;
CREATE INDEX abandoned_checkouts_updated ON abandoned_checkouts (updated_at);
CREATE INDEX abandoned_checkouts_email ON abandoned_checkouts (email);
CREATE INDEX abandoned_checkouts_restored ON abandoned_checkouts (restored_into) WHERE restored_into IS NOT NULL;
CREATE TABLE reminder_opt_outs (
  email TEXT PRIMARY KEY,
  opted_out_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE reminder_settings (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  settings_json TEXT NOT NULL
);
`;
