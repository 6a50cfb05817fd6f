// Back-office staff (owners come from ADMIN_EMAILS, not from here) and the invitations to join.
// An invitation is found by the SHA-256 of its link's token; the token itself is never stored.
export default `
CREATE TABLE staff_members (
  uid TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  role TEXT NOT NULL,
  refund_limit_minor INTEGER,
  changed_by TEXT NOT NULL,
  added_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE staff_invitations (
  token_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  role TEXT NOT NULL,
  refund_limit_minor INTEGER,
  invited_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  accepted_at TEXT,
  accepted_by TEXT
) WITHOUT ROWID;
`;
