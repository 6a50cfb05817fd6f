import { describe, expect, it } from "vitest";
import { answeringUnavailable, UNAVAILABLE_MESSAGE } from "~/server/http/unavailable.server";
import { STORAGE_FULL_MESSAGE, StorageFullError } from "~/server/store/storage-full";
import { FirestoreUnavailableError } from "~/server/store/unavailable";

// Services reach routes through this guard: an unreachable database becomes the spec's 503 page
// ('Firestore not available'), never Remix's generic 500; everything else passes untouched.

type Thrown = { type: string; data: unknown; init: { status: number; headers: Record<string, string> } };

describe("services answering 'Firestore not available'", () => {
  const service = {
    name: "catalog",
    async list() {
      throw new FirestoreUnavailableError();
    },
    count: () => 3,
    async full() {
      throw new StorageFullError(Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" }));
    },
    async broken() {
      throw new Error("a bug");
    },
    self() {
      return this.count();
    },
  };
  const guarded = answeringUnavailable(service);

  it("turns the database being unreachable into a 503 answer with the spec's message", async () => {
    const thrown = (await guarded.list().catch((e: unknown) => e)) as Thrown;
    expect(thrown.data).toBe(UNAVAILABLE_MESSAGE);
    expect(thrown.init.status).toBe(503);
    expect(thrown.init.headers["Retry-After"]).toBe("5");
  });

  it("turns a full disk into a 503 saying nothing was saved", async () => {
    const thrown = (await guarded.full().catch((e: unknown) => e)) as Thrown;
    expect(thrown.data).toBe(STORAGE_FULL_MESSAGE);
    expect(thrown.init.status).toBe(503);
    expect(thrown.init.headers["Retry-After"]).toBe("60");
  });

  it("passes results, other errors and plain properties through", async () => {
    expect(guarded.count()).toBe(3);
    expect(guarded.self()).toBe(3);
    expect(guarded.name).toBe("catalog");
    await expect(guarded.broken()).rejects.toThrow("a bug");
  });
});
