import { describe, expect, it } from "vitest";
import {
  addRecentlyViewed,
  parseRecentlyViewed,
  readStore,
  recentlyViewed,
  RECENTLY_VIEWED_MAX,
  serialiseRecentlyViewed,
  storeKey,
  writeStore,
  type KeyValueStorage,
  type RecentlyViewedItem,
} from "~/lib/browser/client-store";

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => (key in data ? data[key] : null),
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

const item = (n: number, extra: Partial<RecentlyViewedItem> = {}): RecentlyViewedItem => ({
  id: `p${String(n).padStart(4, "0")}`,
  name: `Product ${n}`,
  priceMinor: 1000 + n,
  currency: "EUR",
  imageUrl: `/media/v1/t-shirts/front/p${n}.svg`,
  imageAlt: `Product ${n}, front`,
  ...extra,
});

const KEY = "hemline:recently-viewed";

describe("storeKey", () => {
  it("prefixes the store id with the shop's short name", () => {
    expect(storeKey("hemline", "recently-viewed")).toBe(KEY);
  });
});

describe("recently viewed", () => {
  it("records newest first, without duplicates, keeping at most 8", () => {
    const storage = memoryStorage();
    for (let n = 1; n <= 10; n++) recentlyViewed(storage, "hemline", item(n));
    recentlyViewed(storage, "hemline", item(7));
    const list = recentlyViewed(storage, "hemline");
    expect(list).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(list.map((i) => i.id)).toEqual(["p0007", "p0010", "p0009", "p0008", "p0006", "p0005", "p0004", "p0003"]);
  });

  it("reads back exactly what it wrote", () => {
    const storage = memoryStorage();
    recentlyViewed(storage, "hemline", item(1));
    recentlyViewed(storage, "hemline", item(2, { imageUrl: null, imageAlt: "" }));
    expect(recentlyViewed(storage, "hemline")).toEqual([item(2, { imageUrl: null, imageAlt: "" }), item(1)]);
  });

  it("keeps each shop's list under its own key", () => {
    const storage = memoryStorage();
    recentlyViewed(storage, "hemline", item(1));
    recentlyViewed(storage, "other-shop", item(2));
    expect(recentlyViewed(storage, "hemline").map((i) => i.id)).toEqual(["p0001"]);
    expect(Object.keys(storage.data).sort()).toEqual(["hemline:recently-viewed", "other-shop:recently-viewed"]);
  });

  it("ignores stored text that is not JSON, and starts a fresh list", () => {
    for (const junk of ["", "{", "undefined", "[object Object]", "\u0000\u0001"]) {
      const storage = memoryStorage({ [KEY]: junk });
      expect(recentlyViewed(storage, "hemline"), junk).toEqual([]);
      expect(recentlyViewed(storage, "hemline", item(1)).map((i) => i.id)).toEqual(["p0001"]);
      expect(JSON.parse(storage.data[KEY])).toEqual(serialiseRecentlyViewed([item(1)]));
    }
  });

  it("ignores JSON of the wrong shape or from another version", () => {
    for (const value of [
      null,
      42,
      "text",
      true,
      [],
      [item(1)],
      {},
      { items: [item(1)] },
      { v: 2, items: [item(1)] },
      { v: "1", items: [item(1)] },
      { v: 1, items: "p0001" },
      { v: 1, items: { 0: item(1) } },
    ]) {
      expect(parseRecentlyViewed(value), JSON.stringify(value)).toBeNull();
      const storage = memoryStorage({ [KEY]: JSON.stringify(value) });
      expect(recentlyViewed(storage, "hemline"), JSON.stringify(value)).toEqual([]);
    }
  });

  it("drops entries with missing or wrong-typed fields and keeps the good ones", () => {
    const good = item(1);
    const bad: unknown[] = [
      null,
      "p0002",
      7,
      [],
      { ...item(2), id: 2 },
      { ...item(3), id: "../../etc" },
      { ...item(4), id: "" },
      { ...item(5), name: "" },
      { ...item(6), name: ["x"] },
      { ...item(7), priceMinor: "10.00" },
      { ...item(8), priceMinor: -1 },
      { ...item(9), priceMinor: 1.5 },
      { ...item(10), priceMinor: Number.MAX_VALUE },
      { ...item(11), imageUrl: 5 },
      { ...item(12), imageUrl: undefined },
      { ...item(13), imageAlt: null },
      { ...item(14), name: "x".repeat(10_000) },
      (({ priceMinor: _omit, ...rest }) => rest)(item(15)),
    ];
    expect(parseRecentlyViewed({ v: 1, items: [bad[0], good, ...bad.slice(1)] })).toEqual([good]);
  });

  it("keeps the currency an item was viewed in, and reads one kept without it (or with junk) as unknown", () => {
    const storage = memoryStorage();
    recentlyViewed(storage, "hemline", item(1, { currency: "GBP" }));
    expect(recentlyViewed(storage, "hemline")[0].currency).toBe("GBP");
    const { currency: _omit, ...older } = item(2);
    for (const kept of [older, { ...item(3), currency: "<b>" }, { ...item(4), currency: 978 }]) {
      expect(parseRecentlyViewed({ v: 1, items: [kept] })?.[0].currency).toBeNull();
    }
  });

  it("only accepts image paths on this shop, never another site's", () => {
    for (const imageUrl of [
      "https://tracker.example/pixel.gif",
      "//tracker.example/p.gif",
      "/\\tracker.example/p.gif",
      "javascript:alert(1)",
      "data:image/svg+xml,<svg/>",
      "media/v1/x.svg",
    ]) {
      expect(parseRecentlyViewed({ v: 1, items: [item(1, { imageUrl })] }), imageUrl).toEqual([]);
    }
  });

  it("keeps only the known fields of stored entries and of the envelope", () => {
    const entry = JSON.stringify({ ...item(1), injected: "<script>" }).replace(
      /^\{/,
      '{"__proto__":{"polluted":true},',
    );
    const storage = memoryStorage({ [KEY]: `{"v":1,"extra":{"a":1},"items":[${entry}]}` });
    const [parsed] = recentlyViewed(storage, "hemline");
    expect(parsed).toEqual(item(1));
    expect(Object.keys(parsed).sort()).toEqual(["currency", "id", "imageAlt", "imageUrl", "name", "priceMinor"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("removes duplicates and extras that someone else wrote", () => {
    const items = [item(1), item(1, { name: "Old name" }), ...Array.from({ length: 20 }, (_, i) => item(i + 2))];
    const parsed = parseRecentlyViewed({ v: 1, items })!;
    expect(parsed).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(parsed[0]).toEqual(item(1));
    expect(new Set(parsed.map((i) => i.id)).size).toBe(RECENTLY_VIEWED_MAX);
  });

  it("works without storage: a browser that refuses it (SecurityError) or a full quota", () => {
    const denied: KeyValueStorage = {
      getItem: () => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    };
    expect(recentlyViewed(denied, "hemline")).toEqual([]);
    expect(recentlyViewed(denied, "hemline", item(1))).toEqual([item(1)]);

    const full = memoryStorage({ [KEY]: JSON.stringify(serialiseRecentlyViewed([item(2)])) });
    full.setItem = () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
    expect(recentlyViewed(full, "hemline", item(1)).map((i) => i.id)).toEqual(["p0001", "p0002"]);
    expect(recentlyViewed(full, "hemline").map((i) => i.id)).toEqual(["p0002"]);

    expect(recentlyViewed(null, "hemline", item(1))).toEqual([item(1)]);
  });
});

describe("readStore and writeStore", () => {
  it("report failure instead of throwing", () => {
    const throwing: KeyValueStorage = {
      getItem: () => {
        throw new Error("boom");
      },
      setItem: () => {
        throw new Error("boom");
      },
    };
    expect(readStore(throwing, "k", (v) => v)).toBeNull();
    expect(writeStore(throwing, "k", 1)).toBe(false);
    expect(writeStore(memoryStorage(), "k", { a: 1 })).toBe(true);
    // A value JSON cannot represent is not stored either.
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(writeStore(memoryStorage(), "k", cyclic)).toBe(false);
  });

  it("hands a missing key back as null, not as an empty value", () => {
    expect(readStore(memoryStorage(), "k", (v) => v)).toBeNull();
  });
});

describe("addRecentlyViewed", () => {
  it("does not change the list it is given", () => {
    const list = [item(1), item(2)];
    const next = addRecentlyViewed(list, item(2));
    expect(next.map((i) => i.id)).toEqual(["p0002", "p0001"]);
    expect(list.map((i) => i.id)).toEqual(["p0001", "p0002"]);
  });
});
