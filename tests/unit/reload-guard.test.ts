import { describe, expect, it } from "vitest";
import {
  claimReload,
  isModuleLoadError,
  RELOAD_GUARD_KEY,
  RELOAD_GUARD_MS,
  type GuardStorage,
} from "~/lib/browser/reload-guard";

function memoryStorage(initial: Record<string, string> = {}): GuardStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => (key in data ? data[key] : null),
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

const T0 = 1_700_000_000_000;

describe("claimReload", () => {
  it("allows one reload per path in 10 seconds, and another once they have passed", () => {
    const storage = memoryStorage();
    expect(claimReload("/products/p0001", { storage, now: T0 })).toBe(true);
    expect(claimReload("/products/p0001", { storage, now: T0 + 1 })).toBe(false);
    expect(claimReload("/products/p0001", { storage, now: T0 + RELOAD_GUARD_MS - 1 })).toBe(false);
    expect(claimReload("/products/p0001", { storage, now: T0 + RELOAD_GUARD_MS })).toBe(true);
    expect(claimReload("/products/p0001", { storage, now: T0 + RELOAD_GUARD_MS + 5_000 })).toBe(false);
  });

  it("guards each path on its own", () => {
    const storage = memoryStorage();
    expect(claimReload("/products/p0001", { storage, now: T0 })).toBe(true);
    expect(claimReload("/products/p0002", { storage, now: T0 + 1 })).toBe(true);
    expect(claimReload("/", { storage, now: T0 + 2 })).toBe(true);
    expect(claimReload("/products/p0001", { storage, now: T0 + 3 })).toBe(false);
    expect(claimReload("/products/p0002", { storage, now: T0 + 4 })).toBe(false);
  });

  it("keeps its record in the storage it is given, so a reloaded page remembers", () => {
    const storage = memoryStorage();
    claimReload("/cart", { storage, now: T0 });
    const afterReload = memoryStorage(storage.data);
    expect(claimReload("/cart", { storage: afterReload, now: T0 + 2_000 })).toBe(false);
    expect(JSON.parse(storage.data[RELOAD_GUARD_KEY])).toEqual({ "/cart": T0 });
  });

  it("forgets expired paths instead of growing for ever", () => {
    const storage = memoryStorage();
    for (let i = 0; i < 50; i++) claimReload(`/products/p${i}`, { storage, now: T0 + i * RELOAD_GUARD_MS });
    expect(Object.keys(JSON.parse(storage.data[RELOAD_GUARD_KEY]))).toEqual(["/products/p49"]);
  });

  it("treats corrupt or foreign records as no record", () => {
    for (const junk of [
      "not json",
      "[1,2,3]",
      "null",
      "42",
      '"text"',
      '{"/a": "yesterday", "/b": null}',
      `{"/a": ${T0 + 60_000}}`,
    ]) {
      const storage = memoryStorage({ [RELOAD_GUARD_KEY]: junk });
      expect(claimReload("/a", { storage, now: T0 }), junk).toBe(true);
      expect(claimReload("/a", { storage, now: T0 + 1 }), junk).toBe(false);
    }
  });

  it("does not reload when storage is missing or broken: an unrecorded reload could loop", () => {
    const denied = new DOMException("The operation is insecure.", "SecurityError");
    const unreadable: GuardStorage = {
      getItem: () => {
        throw denied;
      },
      setItem: () => undefined,
    };
    const full: GuardStorage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException("quota", "QuotaExceededError");
      },
    };
    expect(claimReload("/", { storage: null, now: T0 })).toBe(false);
    expect(claimReload("/", { storage: unreadable, now: T0 })).toBe(false);
    expect(claimReload("/", { storage: full, now: T0 })).toBe(false);
  });
});

describe("isModuleLoadError", () => {
  it("recognises each browser's failed module load", () => {
    for (const message of [
      "Failed to fetch dynamically imported module: https://shop.test/build/_shared/ProductLightbox.client-X.js",
      "error loading dynamically imported module: https://shop.test/build/routes/cart-X.js",
      "Importing a module script failed.",
      "Failed to load module script: Expected a JavaScript module script but the server responded with a MIME type of text/html",
      "Loading chunk 42 failed.",
    ]) {
      expect(isModuleLoadError(new TypeError(message)), message).toBe(true);
      expect(isModuleLoadError(message), message).toBe(true);
    }
    expect(isModuleLoadError({ name: "ChunkLoadError", message: "x" })).toBe(true);
  });

  it("leaves every other error alone", () => {
    for (const error of [
      new Error("Network request failed"),
      new TypeError("x is undefined"),
      "boom",
      null,
      undefined,
      42,
      {},
      { message: 7 },
    ]) {
      expect(isModuleLoadError(error), String(error)).toBe(false);
    }
  });
});
