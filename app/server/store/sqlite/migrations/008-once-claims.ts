// Work done once per store whatever the number of processes (seeding an empty store): a claim
// row per task, so two processes starting together never both seed.
export default `
CREATE TABLE once_claims (
  key TEXT PRIMARY KEY,
  claimed_at TEXT NOT NULL,
  done INTEGER NOT NULL DEFAULT 0
);
`;
