import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRouteHarness, dataOf, statusOf, type Handler, type RouteHarness } from "../support/route-harness";

// /gift-cards as a visitor and a guesser calls it: a right code answers the balance (in the flash after a
// redirect), a wrong one "no card with that code", and wrong codes from one address end in 429 + Retry-After.

let harness: RouteHarness;
let route: { action?: Handler };

beforeAll(async () => {
  harness = await createRouteHarness();
  route = await import("~/routes/gift-cards");
});
afterAll(async () => {
  await harness.close();
});

const formErrors = (outcome: unknown) =>
  Object.values(dataOf<{ result: { error?: Record<string, string[]> } }>(outcome).result.error ?? {})
    .flat()
    .join(" ");

describe("the gift card balance page", () => {
  it("answers the balance of a card typed any which way, and 'no card with that code' otherwise", async () => {
    const { code, card } = await harness.ctx.giftCards.issue({
      amountMinor: 2500,
      recipientEmail: null,
      message: null,
      source: { kind: "admin", staffUid: null },
    });
    const at = { clientAddress: "203.0.113.20" };
    const found = await harness.run(
      route.action,
      harness.request("/gift-cards", "signed-out", { code: code.toLowerCase().replaceAll("-", " ") }),
      {},
      at,
    );
    expect(statusOf(found)).toBe(303);
    const flash = (found as Response).headers.getSetCookie().find((c) => c.startsWith("__flash"));
    expect(flash).toBeDefined();
    // The flash cookie is signed; its value holds the message, base64-encoded JSON.
    const value = decodeURIComponent(flash!.split(";")[0]!.split("=").slice(1).join("="));
    const decoded = Buffer.from(value.split(".")[0]!, "base64").toString("utf8");
    expect(decoded).toContain(`Gift card ending ${card.last4}`);
    expect(decoded).toContain("25.00 left to spend");

    const wrong = await harness.run(
      route.action,
      harness.request("/gift-cards", "signed-out", { code: "AAAA-CCCC-DDDD-EEEE" }),
      {},
      at,
    );
    expect(statusOf(wrong)).toBe(400);
    expect(formErrors(wrong)).toBe("No gift card has that code. Check it and try again.");
  });

  it("after 10 wrong codes from one address it answers 429 with Retry-After, even to a right code; other addresses go on", async () => {
    const { code } = await harness.ctx.giftCards.issue({
      amountMinor: 1000,
      recipientEmail: null,
      message: null,
      source: { kind: "admin", staffUid: null },
    });
    const guesser = { clientAddress: "203.0.113.66" };
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const guess = `AAAA-CCCC-DDDD-${String(i).replace(/./g, (d) => "ACDEFGHJKM"[Number(d)]!)}AAA`;
      statuses.push(
        statusOf(
          await harness.run(route.action, harness.request("/gift-cards", "signed-out", { code: guess }), {}, guesser),
        ),
      );
    }
    expect(statuses).toEqual(Array(10).fill(400));
    const limited = await harness.run(
      route.action,
      harness.request("/gift-cards", "signed-out", { code }),
      {},
      guesser,
    );
    expect(statusOf(limited)).toBe(429);
    expect(formErrors(limited)).toMatch(/^Too many attempts/);
    const init = (limited as { init?: { headers?: Record<string, string> } }).init;
    expect(Number(new Headers(init?.headers).get("Retry-After"))).toBeGreaterThan(0);

    const other = await harness.run(
      route.action,
      harness.request("/gift-cards", "signed-out", { code }),
      {},
      { clientAddress: "198.51.100.3" },
    );
    expect(statusOf(other)).toBe(303);
  });
});
