import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// A lock shared by every Playwright worker of one run (they are separate processes on one shop): a
// directory created with mkdir, which only one process can create. Specs that move countries between
// markets, or order to a country another spec moves, hold it so they never see each other half-way.
// Re-entrant within a worker (its tests run one at a time): a helper may take it inside a held lock.

const POLL_MS = 200;
/** A holder that has not released it in this long died (a killed worker): its lock is taken over. */
const STALE_MS = 5 * 60_000;
/** How long to wait for a live holder before failing the test with a clear message. */
const WAIT_MS = 4 * 60_000;

const held = new Map<string, number>();

function lockDir(name: string): string {
  // E2E_DATA_DIR is one run's own (the config sets it for its workers); the port keys it otherwise.
  const base =
    process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `hemline-e2e-locks-${process.env.E2E_PORT ?? "3210"}`);
  fs.mkdirSync(base, { recursive: true });
  return path.join(base, `shop-lock-${name}`);
}

async function acquire(dir: string, name: string): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, "holder"), `${process.pid} ${new Date().toISOString()}`);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const age = Date.now() - (fs.statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > STALE_MS) {
      fs.rmSync(dir, { recursive: true, force: true });
      continue;
    }
    if (Date.now() - started > WAIT_MS)
      throw new Error(`The shop lock "${name}" (${dir}) was held by another test for more than ${WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Run `work` holding the run-wide lock `name`; always released, even when `work` fails. */
export async function withShopLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const dir = lockDir(name);
  const depth = held.get(dir) ?? 0;
  if (depth === 0) await acquire(dir, name);
  held.set(dir, depth + 1);
  try {
    return await work();
  } finally {
    const left = (held.get(dir) ?? 1) - 1;
    if (left === 0) {
      held.delete(dir);
      fs.rmSync(dir, { recursive: true, force: true });
    } else held.set(dir, left);
  }
}
