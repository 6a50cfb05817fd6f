import { describe, expect, it } from "vitest";
import { STORE_ADAPTERS, useFreshStore } from "./adapters";

describe.each(STORE_ADAPTERS)("PairStore contract: $name", (adapter) => {
  const db = useFreshStore(adapter);

  it("knows no partners before any order", async () => {
    expect(await db.store.pairs.partners("tee", 4)).toEqual([]);
  });

  it("counts each pair of an order, seen from either product, most bought together first", async () => {
    expect(
      await db.store.pairs.countOrder("o1", [
        ["jeans", "tee"],
        ["scarf", "tee"],
        ["jeans", "scarf"],
      ]),
    ).toBe(true);
    expect(await db.store.pairs.countOrder("o2", [["jeans", "tee"]])).toBe(true);
    expect(await db.store.pairs.partners("tee", 4)).toEqual([
      { productId: "jeans", count: 2 },
      { productId: "scarf", count: 1 },
    ]);
    expect(await db.store.pairs.partners("jeans", 1)).toEqual([{ productId: "tee", count: 2 }]);
    expect(await db.store.pairs.partners("scarf", 4)).toEqual([
      { productId: "jeans", count: 1 },
      { productId: "tee", count: 1 },
    ]);
  });

  it("counts the same paid order once, however often and however concurrently it is counted", async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => db.store.pairs.countOrder("o1", [["jeans", "tee"]])),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await db.store.pairs.countOrder("o1", [["jeans", "tee"]])).toBe(false);
    expect(await db.store.pairs.partners("tee", 4)).toEqual([{ productId: "jeans", count: 1 }]);
  });

  it("counts two concurrent orders of the same pair both", async () => {
    const results = await Promise.all(
      ["o1", "o2", "o3"].map((id) => db.store.pairs.countOrder(id, [["jeans", "tee"]])),
    );
    expect(results).toEqual([true, true, true]);
    expect(await db.store.pairs.partners("jeans", 4)).toEqual([{ productId: "tee", count: 3 }]);
  });

  it("keeps a pair the same whichever order its ids come in", async () => {
    await db.store.pairs.countOrder("o1", [["tee", "jeans"]]);
    await db.store.pairs.countOrder("o2", [["jeans", "tee"]]);
    expect(await db.store.pairs.partners("tee", 4)).toEqual([{ productId: "jeans", count: 2 }]);
  });
});
