// Profiles mirror the users/{uid} documents of the Firebase backend; local_* tables belong to the embedded identity
// provider only (the Firebase backend keeps accounts and sessions in Firebase Auth).
export default `
CREATE TABLE profiles (
  uid TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('admin', 'user')),
  display_name TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX profiles_email ON profiles (email);

CREATE TABLE local_accounts (
  uid TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  password_changed_at TEXT NOT NULL
);

CREATE TABLE local_sessions (
  token_hash TEXT PRIMARY KEY,
  uid TEXT NOT NULL REFERENCES local_accounts (uid) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX local_sessions_uid ON local_sessions (uid);

CREATE TABLE local_password_resets (
  token_hash TEXT PRIMARY KEY,
  uid TEXT NOT NULL REFERENCES local_accounts (uid) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
`;
