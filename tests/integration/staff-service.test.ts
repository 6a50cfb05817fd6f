import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRouteHarness, dataOf, HARNESS_ADMIN, statusOf, type RouteHarness } from "../support/route-harness";

// Staff through /admin/staff and the invitation link's page, on the embedded store: an owner
// invites, the invited address accepts once (and only that address), a role change or a
// revocation holds from the next request, and the audit log names who did each.

describe("staff invitations, roles and revocation", () => {
  let harness: RouteHarness;
  let cookieOf: (email: string) => Promise<{ uid: string; cookie: string }>;

  beforeAll(async () => {
    harness = await createRouteHarness();
    const { commitSession } = await import("~/server/http/session.server");
    cookieOf = async (email) => {
      const result = await harness.ctx.accounts.register(email, "correct horse battery", null, {
        signInUrl: "/auth/login",
        resetUrl: "/auth/forgot-password",
      });
      if (!result.success || "alreadyRegistered" in result) throw new Error(`could not register ${email}`);
      const csrfCookie = harness.request("/", "admin").headers.get("Cookie")!.split("; ").at(-1)!;
      return {
        uid: result.identity.uid,
        cookie: `${(await commitSession(result.session)).split(";")[0]}; ${csrfCookie}`,
      };
    };
  });

  afterAll(async () => {
    await harness.close();
  });

  const staffPage = () => import("~/routes/admin.staff");
  const invitationPage = () => import("~/routes/staff.invitation.$token");
  const asCookie = (path: string, cookie: string, form?: Record<string, string>) =>
    new Request(`http://shop.test${path}`, {
      method: form ? "POST" : "GET",
      headers: { Cookie: cookie },
      body: form ? new URLSearchParams({ csrf: harness.csrfToken, ...form }) : undefined,
    });
  const invite = async (email: string, role: string, refundLimit = "") => {
    const outcome = await harness.run(
      (await staffPage()).action,
      harness.request("/admin/staff", "admin", { intent: "invite", email, role, refundLimit }),
    );
    expect(statusOf(outcome)).toBe(200);
    const link = dataOf<{ intent: string; shown: { secret: string } }>(outcome).shown.secret;
    return new URL(link).pathname;
  };
  const tokenOf = (path: string) => path.split("/").at(-1)!;
  const ordersAs = async (cookie: string) =>
    statusOf(
      await harness.run((await import("~/routes/admin.orders._index")).loader, asCookie("/admin/orders", cookie)),
    );

  it("invites by e-mail; the invited account accepts once and becomes that role on its next request", async () => {
    const path = await invite("Pat@Example.com", "fulfilment");
    expect(path).toMatch(/^\/staff\/invitation\/[A-Za-z0-9_-]{40,}$/);
    // Only a hash of the token is stored.
    const stored = await harness.ctx.backend.store.staff.invitations();
    expect(JSON.stringify(stored)).not.toContain(tokenOf(path));

    const pat = await cookieOf("pat@example.com");
    expect(await ordersAs(pat.cookie)).toBe(403);
    const page = dataOf<{ invitation: { email: string; roleLabel: string } }>(
      await harness.run((await invitationPage()).loader, asCookie(path, pat.cookie), { token: tokenOf(path) }),
    );
    expect(page.invitation).toMatchObject({ email: "pat@example.com", roleLabel: "Fulfilment" });

    const accepted = await harness.run((await invitationPage()).action, asCookie(path, pat.cookie, {}), {
      token: tokenOf(path),
    });
    expect(statusOf(accepted)).toBe(303);
    expect(await ordersAs(pat.cookie)).toBe(200);

    // Single use: the link is spent, for everyone.
    const again = await harness.run((await invitationPage()).loader, asCookie(path, pat.cookie), {
      token: tokenOf(path),
    });
    expect(statusOf(again)).toBe(410);
    expect(dataOf<{ problem: string }>(again).problem).toMatch(/already been used/);
  });

  it("refuses another signed-in address, an expired link and an unknown one", async () => {
    const path = await invite("sam@example.com", "content");
    const eve = await cookieOf("eve@example.com");
    const refused = await harness.run((await invitationPage()).action, asCookie(path, eve.cookie, {}), {
      token: tokenOf(path),
    });
    expect(statusOf(refused)).toBe(403);
    expect(dataOf<{ result: { error: Record<string, string[]> } }>(refused).result.error[""]?.[0]).toMatch(
      /for sam@example.com/,
    );
    expect(await harness.ctx.backend.store.staff.get(eve.uid)).toBeNull();

    const unknown = await harness.run((await invitationPage()).loader, asCookie("/staff/invitation/nope", eve.cookie), {
      token: "nope",
    });
    expect(statusOf(unknown)).toBe(410);

    const { createStaffService } = await import("~/server/services/staff/staff.server");
    const eightDaysOn = createStaffService({
      store: harness.ctx.backend.store,
      audit: async () => {},
      mailer: { kind: "outbox", send: async () => {} },
      shopName: "Hemline",
      clock: () => new Date(Date.now() + 8 * 86_400_000),
    });
    expect((await eightDaysOn.invitation(tokenOf(path))).status).toBe("expired");
    const sam = await cookieOf("sam@example.com");
    expect(await eightDaysOn.accept(tokenOf(path), { uid: sam.uid, email: "sam@example.com" })).toMatchObject({
      ok: false,
      status: 410,
    });
  });

  it("a role change and a revocation hold from the next request, and the audit log names the owner", async () => {
    const path = await invite("kim@example.com", "support", "25");
    const kim = await cookieOf("kim@example.com");
    await harness.run((await invitationPage()).action, asCookie(path, kim.cookie, {}), { token: tokenOf(path) });
    expect(await harness.ctx.backend.store.staff.get(kim.uid)).toMatchObject({
      role: "support",
      refundLimitMinor: 2500,
    });
    const analytics = async () =>
      statusOf(
        await harness.run(
          (await import("~/routes/admin.analytics._index")).loader,
          asCookie("/admin/analytics", kim.cookie),
        ),
      );
    expect(await analytics()).toBe(403);

    const changed = await harness.run(
      (await staffPage()).action,
      harness.request("/admin/staff", "admin", { intent: "role", uid: kim.uid, role: "manager" }),
    );
    expect(statusOf(changed)).toBe(303);
    expect(await analytics()).toBe(200);

    const revoked = await harness.run(
      (await staffPage()).action,
      harness.request("/admin/staff", "admin", { intent: "revoke", uid: kim.uid }),
    );
    expect(statusOf(revoked)).toBe(303);
    expect(await analytics()).toBe(403);
    expect(await ordersAs(kim.cookie)).toBe(403);

    const log = await harness.ctx.audit.listViews({ entityType: "staff", limit: 20 });
    const lines = log.entries.map((e) => `${e.actor}: ${e.action} ${e.summary}`);
    expect(lines).toEqual(
      expect.arrayContaining([
        `${HARNESS_ADMIN}: invite Invited kim@example.com as Support (refunds up to €25)`,
        "kim@example.com: accept kim@example.com accepted the invitation from harness-admin@hemline.test: Support",
        `${HARNESS_ADMIN}: role Changed kim@example.com from Support to Manager`,
        `${HARNESS_ADMIN}: revoke Revoked kim@example.com's access (Manager)`,
      ]),
    );
  });

  it("a content editor may change a product's texts but not its price, stock or status", async () => {
    const { makeProduct } = await import("../support/product-factory");
    const product = await harness.ctx.backend.store.products.save(
      makeProduct({ id: "texts-product", name: "Plain tee" }),
    );
    const { formDefaultsOf } = await import("~/server/services/admin-catalog/admin-catalog.server");
    const { productFormSchema } = await import("~/lib/product-form");
    const values = productFormSchema.parse(formDefaultsOf(product));
    const texts = await harness.ctx.adminCatalog.save(
      { ...values, name: "Plain organic tee", description: "Softer." },
      { actor: "content@example.com", id: product.id, textsOnly: true },
    );
    expect(texts).toMatchObject({
      success: true,
      product: { name: "Plain organic tee", priceMinor: product.priceMinor },
    });
    const price = await harness.ctx.adminCatalog.save(
      { ...values, price: product.priceMinor + 100 },
      { actor: "content@example.com", id: product.id, textsOnly: true },
    );
    expect(price).toMatchObject({ success: false, forbidden: true });
    expect(JSON.stringify(price)).toContain("not its price");
    expect((await harness.ctx.backend.store.products.get(product.id))!.priceMinor).toBe(product.priceMinor);

    // A product whose variants are stored colour by colour (as the seed and imports write them) saves
    // its texts too: the editor sends them size by size, which is the same stock.
    const colours = [
      { name: "Sky", hex: "#8fb8de" },
      { name: "Rust", hex: "#b5522b" },
    ];
    const reordered = await harness.ctx.backend.store.products.save(
      makeProduct({
        id: "texts-by-colour",
        name: "Two-tone tee",
        colours,
        sizes: ["S", "M"],
        variants: colours.flatMap((c) =>
          ["S", "M"].map((size) => ({ size, colour: c.name, sku: `TBC-${c.name}-${size}`.toUpperCase(), stock: 3 })),
        ),
      }),
    );
    const rowValues = productFormSchema.parse(formDefaultsOf(reordered));
    const saved = await harness.ctx.adminCatalog.save(
      { ...rowValues, description: "Two tones." },
      { actor: "content@example.com", id: reordered.id, textsOnly: true },
    );
    expect(saved).toMatchObject({ success: true, product: { description: "Two tones." } });
  });
});
