import { describe, expect, it, vi } from "vitest";
import type { MailMessage } from "~/server/mail/port";
import { createStockAlertsService } from "~/server/services/stock-alerts/stock-alerts.server";
import type { Store } from "~/server/store/port";
import type { StockAlert } from "~/domain/stock-alert";
import { makeProduct } from "../support/product-factory";
import { STORE_ADAPTERS, useFreshStore } from "./adapters";

const alert = (overrides: Partial<StockAlert> = {}): StockAlert => ({
  id: "a1",
  email: "ada@example.com",
  productId: "p1",
  size: "M",
  colour: "Black",
  createdAt: "2026-11-01T10:00:00.000Z",
  sentAt: null,
  ...overrides,
});

describe.each(STORE_ADAPTERS)("StockAlertStore contract: $name", (adapter) => {
  const db = useFreshStore(adapter);

  it("keeps one waiting alert per id, lists a product's waiting alerts, and claims each once", async () => {
    expect(await db.store.stockAlerts.subscribe(alert())).toEqual({ alert: alert(), created: true });
    expect(await db.store.stockAlerts.subscribe(alert({ createdAt: "2026-11-02T10:00:00.000Z" }))).toEqual({
      alert: alert(),
      created: false,
    });
    await db.store.stockAlerts.subscribe(
      alert({ id: "a2", email: "bea@example.com", createdAt: "2026-11-03T10:00:00.000Z" }),
    );
    await db.store.stockAlerts.subscribe(alert({ id: "a3", productId: "p2" }));
    expect((await db.store.stockAlerts.waiting("p1")).map((a) => a.id)).toEqual(["a1", "a2"]);
    expect(await db.store.stockAlerts.claim("a1", "2026-11-05T10:00:00.000Z")).toBe(true);
    expect(await db.store.stockAlerts.claim("a1", "2026-11-05T10:00:01.000Z")).toBe(false);
    expect(await db.store.stockAlerts.claim("nope", "2026-11-05T10:00:01.000Z")).toBe(false);
    expect((await db.store.stockAlerts.waiting("p1")).map((a) => a.id)).toEqual(["a2"]);
    expect(await db.store.stockAlerts.get("a1")).toEqual(alert({ sentAt: "2026-11-05T10:00:00.000Z" }));
    // Signing up again after the e-mail went out waits again.
    expect(await db.store.stockAlerts.subscribe(alert({ createdAt: "2026-11-06T10:00:00.000Z" }))).toMatchObject({
      created: true,
      alert: { sentAt: null },
    });
    expect(await db.store.stockAlerts.remove("a1")).toBe(true);
    expect(await db.store.stockAlerts.remove("a1")).toBe(false);
    expect(await db.store.stockAlerts.get("a1")).toBeNull();
  });

  it("of concurrent claims from two instances exactly one wins", async () => {
    const other = await db.reopen();
    await db.store.stockAlerts.subscribe(alert());
    const wins = await Promise.all([
      db.store.stockAlerts.claim("a1", "2026-11-05T10:00:00.000Z"),
      other.stockAlerts.claim("a1", "2026-11-05T10:00:00.000Z"),
    ]);
    expect(wins.filter(Boolean)).toHaveLength(1);
  });

  it("a released claim waits again; a release by a claim that no longer holds it changes nothing", async () => {
    await db.store.stockAlerts.subscribe(alert());
    expect(await db.store.stockAlerts.claim("a1", "2026-11-05T10:00:00.000Z")).toBe(true);
    expect(await db.store.stockAlerts.release("a1", "2026-11-05T09:59:59.000Z")).toBe(false);
    expect(await db.store.stockAlerts.release("a1", "2026-11-05T10:00:00.000Z")).toBe(true);
    expect((await db.store.stockAlerts.waiting(alert().productId)).map((a) => a.id)).toEqual(["a1"]);
    expect(await db.store.stockAlerts.claim("a1", "2026-11-05T10:00:02.000Z")).toBe(true);
    expect(await db.store.stockAlerts.release("nope", "2026-11-05T10:00:02.000Z")).toBe(false);
  });

  it("through the service: an e-mail that cannot be sent is tried again at the next restock, then sent once", async () => {
    let failing = true;
    const sent: MailMessage[] = [];
    const alerts = createStockAlertsService({
      store: db.store,
      secret: "s".repeat(32),
      shopName: "Hemline",
      supportEmail: "care@hemline.test",
      publicOrigin: "https://shop.example.com",
      mailer: {
        kind: "outbox",
        send: async (m) => {
          if (failing && m.subject.startsWith("Back in stock")) throw new Error("SMTP refused the message");
          sent.push(m);
        },
      },
    });
    const base = makeProduct({ id: "sa2", name: "Wool Scarf" });
    const soldOut = { ...base, variants: base.variants.map((v) => ({ ...v, stock: 0 })) };
    const restocked = { ...base, variants: base.variants.map((v) => ({ ...v, stock: 2 })) };
    const { size, colour } = base.variants[0];
    await db.store.products.upsertMany([soldOut]);
    await alerts.subscribe({ email: "cy@example.com", productId: "sa2", size, colour }, null);
    await db.store.products.upsertMany([restocked]);
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await alerts.notify(["sa2"])).toBe(0);
    } finally {
      quiet.mockRestore();
    }
    failing = false;
    sent.length = 0;
    expect(await alerts.notify(["sa2"])).toBe(1);
    expect(sent.map((m) => m.subject)).toEqual([`Back in stock: Wool Scarf in ${colour}, size ${size}`]);
    expect(await alerts.notify(["sa2"])).toBe(0);
  });

  it("through the service: sold-out variants only, a confirmation with an unsubscribe link, and one e-mail when two instances restock at once", async () => {
    const sent: MailMessage[] = [];
    const make = (on: Store) =>
      createStockAlertsService({
        store: on,
        secret: "s".repeat(32),
        shopName: "Hemline",
        supportEmail: "care@hemline.test",
        publicOrigin: "https://shop.example.com",
        mailer: { kind: "outbox", send: async (m) => void sent.push(m) },
      });
    const base = makeProduct({ id: "sa1", name: "Linen Shirt" });
    const product = {
      ...base,
      variants: base.variants.map((v) => ({ ...v, stock: v.size === "M" && v.colour === "Sage" ? 0 : 3 })),
    };
    await db.store.products.upsertMany([product]);
    const alerts = make(db.store);

    expect(
      await alerts.subscribe({ email: "Ada@Example.com", productId: "sa1", size: "M", colour: "Black" }, null),
    ).toMatchObject({ ok: false, status: 409 });
    expect(
      await alerts.subscribe({ email: "ada@example.com", productId: "sa1", size: "XXL", colour: "Sage" }, null),
    ).toMatchObject({ ok: false, status: 404 });
    expect(
      await alerts.subscribe({ email: "Ada@Example.com", productId: "sa1", size: "M", colour: "Sage" }, null),
    ).toEqual({ ok: true, message: "We will e-mail ada@example.com when Linen Shirt in Sage, size M is back." });
    expect(
      await alerts.subscribe({ email: "ada@example.com", productId: "sa1", size: "M", colour: "Sage" }, null),
    ).toMatchObject({ ok: true });
    await alerts.subscribe({ email: "bea@example.com", productId: "sa1", size: "M", colour: "Sage" }, null);
    expect(sent.map((m) => m.to)).toEqual(["ada@example.com", "bea@example.com"]);
    const unsubscribe = /https:\/\/shop\.example\.com\/stock-alerts\/unsubscribe\?token=(\S+)/.exec(sent[1].text)!;
    expect(await alerts.forToken(unsubscribe[1])).toMatchObject({
      email: "bea@example.com",
      item: "Linen Shirt in Sage, size M",
    });
    expect(await alerts.forToken(`${unsubscribe[1].split(".")[0]}.forged-signature-forged-signatur`)).toBeNull();
    expect(await alerts.unsubscribe(unsubscribe[1])).toBe(true);

    // Nothing is due while it is still sold out.
    expect(await alerts.notify(["sa1"])).toBe(0);
    await db.store.products.upsertMany([{ ...product, variants: product.variants.map((v) => ({ ...v, stock: 4 })) }]);
    sent.length = 0;
    const counts = await Promise.all([alerts.notify(["sa1"]), make(await db.reopen()).notify(["sa1"])]);
    expect(counts[0] + counts[1]).toBe(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: "ada@example.com", subject: "Back in stock: Linen Shirt in Sage, size M" });
    expect(sent[0].text).toContain("https://shop.example.com/products/sa1?colour=Sage");
    expect(sent[0].html).toContain("care@hemline.test");
    expect(await alerts.notify(["sa1"])).toBe(0);
  });

  it("limits alerts per client address and per e-mail address written in, with a 429 and when to retry", async () => {
    const sent: string[] = [];
    const alerts = createStockAlertsService({
      store: db.store,
      secret: "s".repeat(32),
      shopName: "Hemline",
      supportEmail: "care@hemline.test",
      publicOrigin: "https://shop.example.com",
      mailer: { kind: "outbox", send: async (m) => void sent.push(m.to) },
    });
    const base = makeProduct({ id: "sa2", name: "Wool Scarf" });
    await db.store.products.upsertMany([{ ...base, variants: base.variants.map((v) => ({ ...v, stock: 0 })) }]);
    const variants = base.variants.slice(0, 6);
    // One address written in six times (mail bombing): the sixth is refused and sends nothing.
    const answers = [];
    for (const v of variants)
      answers.push(
        await alerts.subscribe(
          { email: "victim@example.com", productId: "sa2", size: v.size, colour: v.colour },
          `203.0.113.${answers.length}`,
        ),
      );
    expect(answers.slice(0, 5).every((a) => a.ok)).toBe(true);
    expect(answers[5]).toMatchObject({ ok: false, status: 429, message: expect.stringContaining("Too many attempts") });
    expect(answers[5].ok ? 0 : answers[5].retryAfterSeconds).toBeGreaterThan(0);
    expect(sent.filter((to) => to === "victim@example.com")).toHaveLength(5);
    // One client asking for many addresses: 20 an hour.
    const fromOne = [];
    for (let i = 0; i < 21; i++)
      fromOne.push(
        await alerts.subscribe(
          { email: `shopper${i}@example.com`, productId: "sa2", size: variants[0].size, colour: variants[0].colour },
          "198.51.100.7",
        ),
      );
    expect(fromOne.filter((a) => a.ok)).toHaveLength(20);
    expect(fromOne[20]).toMatchObject({ ok: false, status: 429 });
  });

  it("lists every alert, waiting and sent, oldest first", async () => {
    await db.store.stockAlerts.subscribe(alert({ id: "a2", productId: "p2", createdAt: "2026-11-03T10:00:00.000Z" }));
    await db.store.stockAlerts.subscribe(alert());
    await db.store.stockAlerts.claim("a2", "2026-11-04T10:00:00.000Z");
    expect(await db.store.stockAlerts.list()).toEqual([
      alert(),
      alert({ id: "a2", productId: "p2", createdAt: "2026-11-03T10:00:00.000Z", sentAt: "2026-11-04T10:00:00.000Z" }),
    ]);
  });
});
