// What the feed benchmarks (feed-3, feed-4) share: a store of BENCH_LARGE products, the production
// server started on it with its log kept (the feed's build is announced there), and one feed
// fetch read as fast as this process can, with the server's CPU meanwhile.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../scripts/node-flags.mjs";
import { parseConfig } from "~/server/config.server";
import { seedIfEmpty, seedLarge } from "~/server/seed/seed.server";
import { createStore } from "~/server/store/create-store.server";

export const FEED_ORIGIN = "https://shop.example";
export const load = () => os.loadavg()[0].toFixed(1);

/** User + system CPU seconds of a process (/proc/<pid>/stat, clock ticks of 1/100 s). */
export function cpuOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export async function until(test: () => boolean, what: string, timeoutMs = 1_800_000) {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A fresh embedded store with the seeded shop and `large` generated products; `work` runs on it, then it is removed. */
export async function withLargeStore(
  prefix: string,
  large: number,
  work: (dataDir: string, count: number) => Promise<void>,
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `hemline-bench-${prefix}-`));
  try {
    const store = createStore(parseConfig({ DATA_DIR: dataDir }));
    await seedIfEmpty(store, () => {});
    await seedLarge(store, large, () => {});
    const count = await store.products.count();
    await store.close();
    await work(dataDir, count);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface FeedServer {
  server: ChildProcess;
  logs: string[];
  stop(): Promise<void>;
}

/**
 * The production `build` on `dataDir`, resolved once it listens and, on `firstStart`, once the kept
 * feed and its gzip are built (later starts find them kept and current).
 */
export async function startFeedServer(options: {
  build: string;
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  firstStart: boolean;
}): Promise<FeedServer> {
  const logs: string[] = [];
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "scripts/serve.mjs", options.build], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      PUBLIC_URL: FEED_ORIGIN,
      SESSION_SECRET: "bench-secret-bench-secret-bench-secret-42",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  server.stdout!.setEncoding("utf8");
  server.stdout!.on("data", (text: string) => logs.push(...text.split("\n").filter(Boolean)));
  const stop = async () => {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  };
  try {
    await until(() => logs.some((l) => /\[server\] http/.test(l)), "the server to listen");
    if (options.firstStart) await until(() => logs.some((l) => /Gzipped .*xml/.test(l)), "the kept feed and its gzip");
  } catch (error) {
    await stop();
    throw error;
  }
  return { server, logs, stop };
}

/** One fetch of /feeds/google.xml read as fast as this process can: time to last byte, bytes, encoding, the server's CPU meanwhile. */
export function fastFetch(port: number, pid: number, encoding = "identity") {
  return new Promise<{ ms: number; bytes: number; cpu: number; encoding: string }>((resolve, reject) => {
    const cpuBefore = cpuOf(pid);
    const began = performance.now();
    const headers = { "Accept-Encoding": encoding };
    http
      .get({ host: "127.0.0.1", port, path: "/feeds/google.xml", headers }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () =>
          resolve({
            ms: performance.now() - began,
            bytes,
            cpu: cpuOf(pid) - cpuBefore,
            encoding: String(response.headers["content-encoding"] ?? "identity"),
          }),
        );
      })
      .on("error", reject);
  });
}
