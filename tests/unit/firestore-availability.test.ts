import { afterEach, describe, expect, it, vi } from "vitest";
import {
  FirestoreUnavailableError,
  available,
  availableTransaction,
} from "~/server/store/firestore/availability.server";
import { metricsText } from "~/server/observability/metrics.server";

// What the Firestore emulator answers a read it retries in a transaction it closed meanwhile.
const closedTransaction = () =>
  Object.assign(new Error("3 INVALID_ARGUMENT: Transaction is invalid or closed."), { code: 3 });

describe("Firestore availability ('Firestore not available')", () => {
  it("runs a transaction again when the database closed it before it committed (no 500 for the shopper)", async () => {
    let runs = 0;
    const committed = await availableTransaction(
      async () => "pong",
      async () => {
        runs += 1;
        if (runs === 1) throw closedTransaction();
        return "committed";
      },
    );
    expect(committed).toBe("committed");
    expect(runs).toBe(2);
    expect(await metricsText()).toMatch(/^hemline_firestore_closed_transaction_retries_total [1-9]/m);
  });

  it("gives up on a transaction closed again and again, and never reruns one that failed otherwise", async () => {
    let runs = 0;
    await expect(
      availableTransaction(
        async () => "pong",
        async () => {
          runs += 1;
          throw closedTransaction();
        },
      ),
    ).rejects.toThrow("Transaction is invalid or closed");
    expect(runs).toBe(4);
    runs = 0;
    const invalid = Object.assign(new Error("3 INVALID_ARGUMENT: Document too large"), { code: 3 });
    await expect(
      availableTransaction(
        async () => "pong",
        async () => {
          runs += 1;
          throw invalid;
        },
      ),
    ).rejects.toThrow("Document too large");
    expect(runs).toBe(1);
  });

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
