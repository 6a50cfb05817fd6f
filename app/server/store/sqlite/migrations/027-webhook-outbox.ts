// The transactional outbox (issue 44): webhook events written in the transaction of the change
// they report (an order placed or paid, stock taken, a product saved), relayed into deliveries
// afterwards by any process. A row is deleted once its deliveries are enqueued.
export default `
CREATE TABLE webhook_outbox (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  event_key TEXT NOT NULL,
  at TEXT NOT NULL,
  subject TEXT NOT NULL
);
CREATE INDEX webhook_outbox_at ON webhook_outbox (at, id);
`;
