// The named points of a payment where a test may kill the serving process (HEMLINE_TEST_HOOKS=kill-at=…, see
// test-hooks.server.ts). Apart from the hooks, so configuration can check the name without
// importing the checkout, which imports configuration's types. "after-order-paid": the payment's
// transition (and its order.paid outbox event) has committed and the webhook relay is not yet told.
export const KILL_POINTS = [
  "after-order-placed",
  "after-charge-before-record",
  "webhook-received",
  "after-order-paid",
] as const;
export type KillPoint = (typeof KILL_POINTS)[number];
