import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseProductQuery } from "~/lib/product-query";
import { createCatalogService } from "~/server/services/catalog/catalog.server";
import { createMarketsService } from "~/server/services/markets/markets.server";
import type { Store } from "~/server/store/port";
import { createSqliteStore } from "~/server/store/sqlite/store.server";
import { makeProduct } from "../support/product-factory";
import { ukMarket } from "../support/market-factory";
import { makeTempDir } from "../support/temp-dir";

// On the embedded store a process keeps what it read (the catalogue's change feed, zones, markets)
// until something is committed to the database, by it or by another process on the same file (a
// second worker, a script). These prove a page never misses such a write, and that pages in between
// do not ask the database again.
describe("the SQLite store's change stamp", () => {
  let temp: ReturnType<typeof makeTempDir>;
  let store: Store;
  let other: Store;

  beforeEach(() => {
    temp = makeTempDir();
    store = createSqliteStore(temp.dir);
    other = createSqliteStore(temp.dir);
  });

  afterEach(async () => {
    await store.close();
    await other.close();
    temp.remove();
  });

  it("stays the same across reads and moves on a write by this connection or another", async () => {
    const before = store.changeStamp!();
    await store.products.get("nothing");
    await store.markets.list();
    expect(store.changeStamp!()).toBe(before);

    await store.products.save(makeProduct());
    const afterOwn = store.changeStamp!();
    expect(afterOwn).not.toBe(before);

    await other.products.save(makeProduct());
    expect(store.changeStamp!()).not.toBe(afterOwn);
  });

  it("lists a product another process saved, and reads no changes while nothing was written", async () => {
    await store.products.save(makeProduct({ id: "t-first", name: "First coat" }));
    let changeReads = 0;
    const counted: Store = {
      ...store,
      products: {
        ...store.products,
        changes: (cursor, limit) => {
          changeReads += 1;
          return store.products.changes(cursor, limit);
        },
      },
      changeStamp: () => store.changeStamp!(),
    };
    const catalog = createCatalogService({ store: counted });
    const names = async () =>
      (await catalog.listProducts(parseProductQuery(new URLSearchParams("")).query)).items.map((p) => p.name);

    expect(await names()).toEqual(["First coat"]);
    const reads = changeReads;
    expect(await names()).toEqual(["First coat"]);
    expect(await names()).toEqual(["First coat"]);
    expect(changeReads).toBe(reads);

    await other.products.save(makeProduct({ id: "t-second", name: "Second coat" }));
    expect((await names()).sort()).toEqual(["First coat", "Second coat"]);
    expect(changeReads).toBeGreaterThan(reads);
  });

  it("shows a market another process saved on the next read", async () => {
    const markets = createMarketsService({ store, audit: async () => undefined });
    const before = await markets.markets();
    expect(before.map((m) => m.currency)).toEqual(["EUR"]);
    expect(await markets.markets()).toBe(before);

    // Another worker's first write: the stored list now holds the market it saved.
    await other.markets.save(ukMarket(new Date().toISOString(), { isDefault: true }));
    expect((await markets.markets()).map((m) => m.currency)).toEqual(["GBP"]);
  });
});
