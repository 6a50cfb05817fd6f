import { describe, expect, it } from "vitest";
import type { InvoiceNumberStore } from "~/server/store/port";
import { createInvoiceNumbers } from "~/server/services/orders/invoice-numbers.server";

/** A counter in memory that records each reservation, to see how often the store is written. */
function countingStore() {
  const last = new Map<string, number>();
  const reservations: string[] = [];
  const store: InvoiceNumberStore = {
    async reserve(series, count) {
      reservations.push(`${series}:${count}`);
      const first = (last.get(series) ?? 0) + 1;
      last.set(series, first + count - 1);
      return first;
    },
    async counters() {
      return [...last].map(([series, n]) => ({ series, last: n }));
    },
    async restoreCounter({ series, last: n }) {
      last.set(series, n);
    },
  };
  return { store, reservations };
}

describe("invoice numbers", () => {
  it("numbers a year's invoices in order, writing the counter once per block", async () => {
    const { store, reservations } = countingStore();
    const numbers = createInvoiceNumbers(store, { blockSize: 3, now: () => new Date("2026-03-01T00:00:00Z") });
    const taken = [];
    for (let i = 0; i < 7; i++) taken.push(await numbers.take());
    expect(taken).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `INV-2026-00000${n}`));
    expect(reservations).toEqual(["2026:3", "2026:3", "2026:3"]);
  });

  it("gives payments arriving together distinct numbers from one reservation", async () => {
    const { store, reservations } = countingStore();
    const numbers = createInvoiceNumbers(store, { blockSize: 10, now: () => new Date("2026-03-01T00:00:00Z") });
    const taken = await Promise.all(Array.from({ length: 10 }, () => numbers.take()));
    expect(new Set(taken).size).toBe(10);
    expect(reservations).toHaveLength(1);
  });

  it("hands a number whose payment failed to the next payment", async () => {
    const { store } = countingStore();
    const numbers = createInvoiceNumbers(store, { blockSize: 1, now: () => new Date("2026-03-01T00:00:00Z") });
    const first = await numbers.take();
    numbers.giveBack(first);
    expect(await numbers.take()).toBe(first);
    expect(await numbers.take()).toBe("INV-2026-000002");
  });

  it("starts the new year's series at 1 and drops last year's unused numbers", async () => {
    const { store } = countingStore();
    let today = new Date("2026-12-31T23:59:00Z");
    const numbers = createInvoiceNumbers(store, { blockSize: 5, now: () => today });
    expect(await numbers.take()).toBe("INV-2026-000001");
    const unused = await numbers.take();
    numbers.giveBack(unused);
    today = new Date("2027-01-01T00:01:00Z");
    expect(await numbers.take()).toBe("INV-2027-000001");
    expect(await numbers.take()).toBe("INV-2027-000002");
  });
});
