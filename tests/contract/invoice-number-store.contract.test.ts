import { describe, expect, it } from "vitest";
import type { Order } from "~/domain/commerce";
import { createInvoiceNumbers, numberPastInvoices } from "~/server/services/orders/invoice-numbers.server";
import { order } from "../support/order-fixture";
import { STORE_ADAPTERS, useFreshStore } from "./adapters";

describe.each(STORE_ADAPTERS)("InvoiceNumberStore contract: $name", (adapter) => {
  const db = useFreshStore(adapter);

  it("hands out blocks that never overlap, however many callers reserve at once", async () => {
    const firsts = await Promise.all(Array.from({ length: 12 }, () => db.store.invoiceNumbers.reserve("2026", 5)));
    const numbers = firsts.flatMap((first) => [0, 1, 2, 3, 4].map((i) => first + i));
    expect(new Set(numbers).size).toBe(60);
    expect(Math.min(...numbers)).toBe(1);
    expect(Math.max(...numbers)).toBe(60);
  });

  it("keeps one counter per series", async () => {
    expect(await db.store.invoiceNumbers.reserve("2026", 3)).toBe(1);
    expect(await db.store.invoiceNumbers.reserve("2027", 1)).toBe(1);
    expect(await db.store.invoiceNumbers.reserve("2026", 1)).toBe(4);
  });

  it("gives two processes with blocks of their own distinct numbers", async () => {
    const now = () => new Date("2026-11-25T12:00:00Z");
    const a = createInvoiceNumbers(db.store.invoiceNumbers, { blockSize: 4, now });
    const b = createInvoiceNumbers(db.store.invoiceNumbers, { blockSize: 4, now });
    const taken = await Promise.all(Array.from({ length: 15 }, (_, i) => (i % 2 ? a : b).take()));
    expect(new Set(taken).size).toBe(15);
    for (const number of taken) expect(number).toMatch(/^INV-2026-\d{6}$/);
  });

  it("numbers once the orders paid before invoices existed, in the order they were paid, after those already numbered", async () => {
    const paid = (id: string, at: string, extra: Partial<Order> = {}) =>
      order({
        id,
        createdAt: at,
        history: [
          { status: "pending_payment", at, note: null, by: "customer" },
          { status: "paid", at, note: null, by: "system" },
        ],
        ...extra,
      });
    const live = await db.store.invoiceNumbers.reserve("2026", 1); // a payment since the upgrade: INV-2026-000001
    await db.store.orders.insertMany([
      paid("late", "2026-03-02T10:00:00.000Z"),
      paid("early", "2026-01-05T10:00:00.000Z"),
      paid("last-year", "2025-12-31T23:00:00.000Z"),
      paid("numbered", "2026-02-01T10:00:00.000Z", { invoiceNumber: `INV-2026-00000${live}` }),
      order({ id: "unpaid", status: "pending_payment", createdAt: "2026-02-02T10:00:00.000Z" }),
    ]);
    const lines: string[] = [];
    expect(await numberPastInvoices(db.store, (line) => lines.push(line))).toBe(3);
    const numberOf = async (id: string) => (await db.store.orders.get(id))?.invoiceNumber;
    expect(await numberOf("early")).toBe("INV-2026-000002");
    expect(await numberOf("late")).toBe("INV-2026-000003");
    expect(await numberOf("last-year")).toBe("INV-2025-000001");
    expect(await numberOf("numbered")).toBe("INV-2026-000001");
    expect(await numberOf("unpaid")).toBeUndefined();
    expect(lines).toEqual(["Gave 3 paid orders from before invoices their invoice numbers."]);
    // Once per shop: a later start does nothing.
    await db.store.orders.insertMany([paid("after", "2026-04-01T10:00:00.000Z")]);
    expect(await numberPastInvoices(db.store, () => {})).toBe(0);
  });

  it("lists each series' last number, and a restored counter continues from exactly that number", async () => {
    await db.store.invoiceNumbers.reserve("2026", 7);
    await db.store.invoiceNumbers.reserve("2025", 2);
    expect(await db.store.invoiceNumbers.counters()).toEqual([
      { series: "2025", last: 2 },
      { series: "2026", last: 7 },
    ]);
    await db.store.invoiceNumbers.restoreCounter({ series: "2026", last: 41 });
    await db.store.invoiceNumbers.restoreCounter({ series: "2026", last: 41 });
    expect(await db.store.invoiceNumbers.reserve("2026", 1)).toBe(42);
  });
});
