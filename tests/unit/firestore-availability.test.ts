import { afterEach, describe, expect, it, vi } from "vitest";
import {
  FirestoreUnavailableError,
  available,
  availableTransaction,
} from "~/server/store/firestore/availability.server";

describe("Firestore availability ('Firestore not available')", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("passes results and ordinary errors through", async () => {
    await expect(available(async () => 42)).resolves.toBe(42);
    await expect(available(async () => Promise.reject(new Error("permission denied")))).rejects.toThrow(
      "permission denied",
    );
  });

  it("turns an unreachable backend into 'Firestore not available'", async () => {
    const unreachable = Object.assign(new Error("14 UNAVAILABLE: No connection established"), { code: 14 });
    await expect(available(async () => Promise.reject(unreachable))).rejects.toBeInstanceOf(FirestoreUnavailableError);
    await expect(available(async () => Promise.reject(unreachable))).rejects.toThrow("Firestore not available");
  });

  it("gives up on a backend that does not answer within seconds", async () => {
    vi.useFakeTimers();
    const never = available(() => new Promise<never>(() => {}));
    const assertion = expect(never).rejects.toThrow("Firestore not available");
    await vi.advanceTimersByTimeAsync(5_000);
    await assertion;
  });

  it("waits for a transaction that is slow under contention while the database answers", async () => {
    vi.useFakeTimers();
    const slow = availableTransaction(
      async () => "pong",
      () => new Promise((resolve) => setTimeout(() => resolve("committed"), 12_000)),
    );
    const assertion = expect(slow).resolves.toBe("committed");
    await vi.advanceTimersByTimeAsync(12_000);
    await assertion;
  });

  it("gives up on a transaction within seconds when the database stops answering", async () => {
    vi.useFakeTimers();
    const stuck = availableTransaction(
      () => new Promise<never>(() => {}),
      () => new Promise<never>(() => {}),
    );
    const assertion = expect(stuck).rejects.toThrow("Firestore not available");
    await vi.advanceTimersByTimeAsync(20_000);
    await assertion;
  });

  it("gives up at once when the database refuses the probe", async () => {
    vi.useFakeTimers();
    const refused = Object.assign(new Error("14 UNAVAILABLE: No connection established"), { code: 14 });
    const stuck = availableTransaction(
      () => Promise.reject(refused),
      () => new Promise<never>(() => {}),
    );
    const assertion = expect(stuck).rejects.toThrow("Firestore not available");
    await vi.advanceTimersByTimeAsync(5_000);
    await assertion;
  });
});
