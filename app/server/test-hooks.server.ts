import type { KillPoint } from "./kill-points";
import type { CheckoutFaults } from "./services/checkout/checkout.server";

// Test hooks, for the end-to-end specs only (never for operators): HEMLINE_TEST_HOOKS=kill-at=<point>
// makes the serving process die (SIGKILL, nothing runs after) at a named point of a payment, so a spec
// can prove what a crash there leaves and how a restart settles it. Configuration refuses the switch
// when NODE_ENV=production.

function die(point: KillPoint): void {
  // stderr is written synchronously to a pipe or file, so the line is out before the process ends.
  console.error(`Test hook kill-at=${point}: killing this process now`);
  process.kill(process.pid, "SIGKILL");
}

/** The checkout's crash points for a kill point; none without one. */
export function checkoutFaultsFor(killAt: KillPoint | undefined): CheckoutFaults {
  if (!killAt) return {};
  return {
    afterOrderPlaced: killAt === "after-order-placed" ? () => die(killAt) : undefined,
    afterCharged: killAt === "after-charge-before-record" ? () => die(killAt) : undefined,
    webhookReceived: killAt === "webhook-received" ? () => die(killAt) : undefined,
  };
}

/**
 * The orders' crash point: called with each order event once its change has committed (the event
 * is in the outbox) and before the webhook relay is told; "after-order-paid" dies at order.paid.
 */
export function orderEventFaultFor(killAt: KillPoint | undefined): ((type: string) => void) | undefined {
  if (killAt !== "after-order-paid") return undefined;
  return (type) => {
    if (type === "order.paid") die(killAt);
  };
}
