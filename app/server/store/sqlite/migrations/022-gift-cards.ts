// Gift cards: the card as JSON, with its code hash (unique), status and balance as columns — the
// balance is changed only by a conditional UPDATE in the same transaction as its ledger entry, so it
// never goes below 0. Ledger entries are keyed by (card, entry id): a replayed event writes nothing.
export default `
CREATE TABLE gift_cards (
  id TEXT PRIMARY KEY,
  code_hash TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL,
  balance_minor INTEGER NOT NULL CHECK (balance_minor >= 0),
  created_at TEXT NOT NULL,
  data TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE gift_card_ledger (
  card_id TEXT NOT NULL,
  entry_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (card_id, entry_id)
) WITHOUT ROWID;
CREATE INDEX gift_card_ledger_by_seq ON gift_card_ledger (card_id, seq);
`;
