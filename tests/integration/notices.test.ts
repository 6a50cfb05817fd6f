import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRouteHarness, type RouteHarness } from "../support/route-harness";

// A notice after a redirect comes from the signed flash cookie, never from the address: anyone can
// send a link with ?cancelled=1, nobody can sign a cookie (the standard "one source").

describe("notices after a redirect", () => {
  let harness: RouteHarness;
  beforeAll(async () => {
    harness = await createRouteHarness();
  });
  afterAll(async () => {
    await harness.close();
  });

  it("leaving Stripe's payment page goes back to the order with a flash, not a flag in the address", async () => {
    const { loader } = await import("~/routes/checkout.cancel");
    const response = (await harness.run(
      loader,
      harness.request("/checkout/cancel?order=o-123&key=k_1", "signed-out"),
    )) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/orders/o-123?key=k_1");
    const { readFlash } = await import("~/server/http/flash.server");
    const cookie = response.headers.get("Set-Cookie")!.split(";")[0];
    const { flash } = await readFlash(new Request("http://shop.test/", { headers: { Cookie: cookie } }));
    expect(flash).toEqual({ kind: "info", message: "You left the payment page without paying. Nothing was charged." });
  });
});
