import crypto from "node:crypto";
import net from "node:net";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getStorage } from "firebase-admin/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCloudStorageFeedFiles } from "~/server/feed-files/cloud-storage.server";
import { FeedStorageUnavailableError, type FeedFileStore } from "~/server/feed-files/port";
import { feedUnavailableAnswer } from "~/server/http/product-feed-answer.server";

// On Firebase without a reachable bucket, /feeds/google.xml is a dependency that is down: the
// feed-files store says so within seconds (not after the client's minutes of retries) and the
// feed answers 503 with Retry-After, never a 500.

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("the product feed with Cloud Storage unreachable", () => {
  let files: FeedFileStore;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const previous = process.env.FIREBASE_STORAGE_EMULATOR_HOST;
    process.env.FIREBASE_STORAGE_EMULATOR_HOST = `127.0.0.1:${await closedPort()}`;
    const app = initializeApp({ projectId: "demo-hemline" }, `feed-down-${crypto.randomBytes(4).toString("hex")}`);
    files = createCloudStorageFeedFiles(getStorage(app).bucket("hemline-feeds-down"));
    process.env.FIREBASE_STORAGE_EMULATOR_HOST = previous;
    dispose = () => deleteApp(app);
  });

  afterAll(async () => {
    await dispose();
  });

  it("is unavailable, and the feed answers 503 with Retry-After", { timeout: 30_000 }, async () => {
    const failure = await files.newest("grp_A-1", "xml").then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(FeedStorageUnavailableError);
    expect((failure as Error).message).toBe("Listing the product feeds: the feed storage cannot be reached");

    const answer = feedUnavailableAnswer(failure);
    expect(answer?.status).toBe(503);
    expect(answer?.headers["Retry-After"]).toBe("60");
    expect(answer?.headers["Cache-Control"]).toContain("no-store");
    expect(answer?.body).toBe("The product feed cannot be read just now; try again in a minute.\n");
    // Anything else is not a dependency that is down: it stays a server error.
    expect(feedUnavailableAnswer(new Error("a bug"))).toBeNull();
  });
});
