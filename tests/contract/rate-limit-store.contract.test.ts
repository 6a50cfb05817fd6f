import crypto from "node:crypto";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import type { RateLimitStore } from "~/server/store/port";
import { createFirestoreRateLimitStore } from "~/server/store/firestore/rate-limit-store.server";
import { openDatabase } from "~/server/store/sqlite/database.server";
import { createSqliteRateLimitStore } from "~/server/store/sqlite/rate-limit-store.server";
import { makeTempDir } from "../support/temp-dir";

// Rate-limit counters are shared by every instance on one database: attempts split across two
// instances are counted as one series. Times are passed in, so windows end without waiting.
const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 1, 12, 0, 0);

/** Each adapter as two server instances would have it: two connections (clients) to one fresh database. */
const ADAPTERS: Array<{
  name: string;
  create(): Promise<{ a: RateLimitStore; b: RateLimitStore; dispose(): Promise<void> }>;
}> = [
  {
    name: "sqlite",
    async create() {
      const temp = makeTempDir();
      const dbs = [openDatabase(temp.dir), openDatabase(temp.dir)];
      return {
        a: createSqliteRateLimitStore(dbs[0]),
        b: createSqliteRateLimitStore(dbs[1]),
        async dispose() {
          for (const db of dbs) db.close();
          temp.remove();
        },
      };
    },
  },
  {
    name: "firestore (emulator)",
    async create() {
      process.env.FIRESTORE_EMULATOR_HOST = inject("firestoreEmulatorHost");
      const projectId = `demo-hemline-${crypto.randomBytes(5).toString("hex")}`;
      const apps = [1, 2].map((n) => initializeApp({ projectId }, `${projectId}-instance-${n}`));
      return {
        a: createFirestoreRateLimitStore(getFirestore(apps[0])),
        b: createFirestoreRateLimitStore(getFirestore(apps[1])),
        dispose: async () => void (await Promise.all(apps.map((app) => deleteApp(app)))),
      };
    },
  },
];

describe.each(ADAPTERS)("RateLimitStore contract: $name", (adapter) => {
  let a: RateLimitStore;
  let b: RateLimitStore;
  let dispose: () => Promise<void>;

  beforeEach(async () => {
    ({ a, b, dispose } = await adapter.create());
  });
  afterEach(async () => {
    await dispose();
  });

  it("has no window for a key never counted", async () => {
    expect(await a.peek("signin:nobody@example.com", T0)).toBeNull();
  });

  it("opens a window at the first hit and counts each hit in it", async () => {
    expect(await a.hit("signin:ada@example.com", 15 * MINUTE, T0)).toEqual({ count: 1, resetAt: T0 + 15 * MINUTE });
    expect(await a.hit("signin:ada@example.com", 15 * MINUTE, T0 + MINUTE)).toEqual({
      count: 2,
      resetAt: T0 + 15 * MINUTE,
    });
    expect(await a.peek("signin:ada@example.com", T0 + 2 * MINUTE)).toEqual({ count: 2, resetAt: T0 + 15 * MINUTE });
    expect(await a.peek("signin:other@example.com", T0 + 2 * MINUTE)).toBeNull();
  });

  it("counts attempts split across two instances as one series", async () => {
    const key = "signin:grace@example.com";
    const counts: number[] = [];
    for (const [i, instance] of [a, b, a, b, b].entries())
      counts.push((await instance.hit(key, 15 * MINUTE, T0 + i * 1000)).count);
    expect(counts).toEqual([1, 2, 3, 4, 5]);
    expect(await a.peek(key, T0 + 10_000)).toEqual({ count: 5, resetAt: T0 + 15 * MINUTE });
    expect(await b.peek(key, T0 + 10_000)).toEqual({ count: 5, resetAt: T0 + 15 * MINUTE });
  });

  it("ends the window at its end and starts a new one at the next hit", async () => {
    const key = "reset-ip:203.0.113.7";
    for (let i = 0; i < 3; i++) await a.hit(key, 60 * MINUTE, T0);
    expect(await b.peek(key, T0 + 60 * MINUTE - 1)).toEqual({ count: 3, resetAt: T0 + 60 * MINUTE });
    expect(await b.peek(key, T0 + 60 * MINUTE)).toBeNull();
    expect(await b.hit(key, 60 * MINUTE, T0 + 61 * MINUTE)).toEqual({ count: 1, resetAt: T0 + 121 * MINUTE });
    expect(await a.peek(key, T0 + 61 * MINUTE)).toEqual({ count: 1, resetAt: T0 + 121 * MINUTE });
  });

  it("forgets a key on reset, on every instance, and leaves other keys alone", async () => {
    await a.hit("signin:ada@example.com", 15 * MINUTE, T0);
    await a.hit("signin-ip:203.0.113.7", 15 * MINUTE, T0);
    await b.reset("signin:ada@example.com");
    expect(await a.peek("signin:ada@example.com", T0)).toBeNull();
    expect(await a.peek("signin-ip:203.0.113.7", T0)).toEqual({ count: 1, resetAt: T0 + 15 * MINUTE });
    expect(await a.hit("signin:ada@example.com", 15 * MINUTE, T0 + MINUTE)).toEqual({
      count: 1,
      resetAt: T0 + 16 * MINUTE,
    });
    await a.reset("never-counted"); // no error
  });

  it("takes back one attempt on release, on every instance, never below zero nor from an ended window", async () => {
    const key = "signin-ip:203.0.113.9";
    for (let i = 0; i < 3; i++) await a.hit(key, 15 * MINUTE, T0);
    await b.release(key, T0 + MINUTE);
    expect(await a.peek(key, T0 + MINUTE)).toEqual({ count: 2, resetAt: T0 + 15 * MINUTE });
    await a.release(key, T0 + MINUTE);
    await b.release(key, T0 + MINUTE);
    await a.release(key, T0 + MINUTE);
    expect(await b.peek(key, T0 + MINUTE)).toEqual({ count: 0, resetAt: T0 + 15 * MINUTE });
    // The window still ends when it would have: releasing opens nothing and moves nothing.
    expect(await a.hit(key, 15 * MINUTE, T0 + 2 * MINUTE)).toEqual({ count: 1, resetAt: T0 + 15 * MINUTE });
    await a.release(key, T0 + 15 * MINUTE);
    expect(await a.peek(key, T0 + 15 * MINUTE)).toBeNull();
    await b.release("never-counted", T0); // no error, nothing opened
    expect(await a.peek("never-counted", T0)).toBeNull();
  });

  it("keeps every hit and release of concurrent attempts from two instances", async () => {
    const key = "signin-ip:198.51.100.9";
    await a.hit(key, 15 * MINUTE, T0);
    // Ten attempts counted up front, six of them taken back (they succeeded), all at once.
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).hit(key, 15 * MINUTE, T0 + 1000)));
    await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).release(key, T0 + 2000)));
    expect(await a.peek(key, T0 + 3000)).toEqual({ count: 5, resetAt: T0 + 15 * MINUTE });
  });

  it("counts every one of concurrent hits from two instances, in a new window and in an open one", async () => {
    const key = "register-ip:198.51.100.1";
    const first = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).hit(key, 15 * MINUTE, T0)));
    expect(await a.peek(key, T0)).toEqual({ count: 10, resetAt: T0 + 15 * MINUTE });
    // Each hit sees at least its own count; exactly one opened the window.
    expect(first.filter((w) => w.count === 1)).toHaveLength(1);
    expect(Math.max(...first.map((w) => w.count))).toBe(10);

    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).hit(key, 15 * MINUTE, T0 + MINUTE)));
    expect(await b.peek(key, T0 + MINUTE)).toEqual({ count: 20, resetAt: T0 + 15 * MINUTE });
  });

  it("starts a single new window when concurrent hits find the old one ended", async () => {
    const key = "signin-ip:192.0.2.1";
    await a.hit(key, MINUTE, T0);
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).hit(key, MINUTE, T0 + 5 * MINUTE)));
    expect(await a.peek(key, T0 + 5 * MINUTE)).toEqual({ count: 10, resetAt: T0 + 6 * MINUTE });
  });
});
