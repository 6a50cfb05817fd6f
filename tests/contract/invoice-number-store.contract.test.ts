import { describe, expect, it } from "vitest";
import { createInvoiceNumbers } from "~/server/services/orders/invoice-numbers.server";
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
});
