import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { MIGRATIONS } from "~/server/store/sqlite/migrations";
import { expect, test } from "./fixtures";
import { E2E_SESSION_SECRET, startShop, serving } from "./support/extra-shop";
import { HttpShopper, pageText } from "./support/http-shopper";

// Backups of the embedded store as an operator takes and restores them: `npm run backup` while
// ten shoppers keep buying, `npm run restore` of each into a new DATA_DIR, and a shop started on
// it that still has every order acknowledged before that backup began. Requests only, so once
// (in the js-on project).

test.describe.configure({ timeout: 300_000 });

// What the page of a paid order says to whoever holds its link (the thank-you is a one-time notice).
const ORDER_PAID = "Visa ending 4242 · Paid";
// The test runner's own environment must not choose another backend or backup place.
const UNSET = ["PUBLIC_URL", "TRUST_PROXY", "HOST", "SHOP_BACKEND", "WEB_CONCURRENCY", "BACKUP_DIR", "BACKUP_KEEP"];

const temps: string[] = [];
function tempDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `hemline-e2e-${label}-`));
  temps.push(dir);
  return dir;
}
test.afterAll(() => temps.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run <script> -- <args>` as an operator types it, with DATA_DIR (and the rest) in the environment. */
function npmRun(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  const merged: NodeJS.ProcessEnv = { ...process.env, SESSION_SECRET: E2E_SESSION_SECRET, ...env };
  for (const name of UNSET) if (!(name in env)) delete merged[name];
  const child = spawn("npm", ["run", "--silent", script, "--", ...args], { env: merged });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

const shopOn = (dataDir: string, env: Record<string, string> = {}) =>
  startShop(() => ({ DATA_DIR: dataDir, BACKUP_EVERY_MINUTES: "0", ...env }), {
    unset: UNSET.filter((name) => !(name in env)),
  });

interface Acknowledged {
  orderId: string;
  /** The order page with its signed link, as the checkout's redirect gave it. */
  page: string;
}

/** A shopper who keeps buying (one new guest per order) until told to stop; every acknowledged order is recorded. */
async function keepBuying(base: string, productIds: string[], n: number, acks: Acknowledged[], stop: () => boolean) {
  let next = n;
  while (!stop()) {
    const shopper = new HttpShopper(base);
    const id = productIds[next++ % productIds.length];
    // A sold-out product answers with its page, not the redirect to the cart: try another.
    if ((await shopper.add(id)).status !== 303) continue;
    const form = await shopper.checkoutForm(`backup-shopper-${n}-${next}@hemline.test`);
    const placed = await shopper.post("/checkout", form);
    const location = new URL(placed.headers.get("location") ?? "/", base);
    const orderId = /^\/orders\/([^/]+)$/.exec(location.pathname)?.[1];
    if (placed.status === 303 && orderId) acks.push({ orderId, page: location.pathname + location.search });
  }
}

test("backups taken while ten shoppers buy restore into shops that have every order acknowledged before each began", async () => {
  const dataDir = tempDir("backup-live");
  const backupDir = path.join(dataDir, "backups");
  const shop = await shopOn(dataDir);
  const taken: Array<{ folder: string; acknowledged: Acknowledged[] }> = [];
  try {
    const base = await serving(shop);
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    const productIds = [...new Set([...sitemap.matchAll(/\/products\/(p\d+)</g)].map((m) => m[1]))];
    expect(productIds.length).toBeGreaterThan(20);

    const acks: Acknowledged[] = [];
    let stopped = false;
    const shoppers = Array.from({ length: 10 }, (_, i) => keepBuying(base, productIds, i * 7, acks, () => stopped));
    try {
      for (let round = 1; round <= 3; round++) {
        // Orders keep coming between backups (and during them: the shoppers never wait).
        await expect.poll(() => acks.length, { timeout: 120_000 }).toBeGreaterThanOrEqual(round * 10);
        const acknowledged = [...acks];
        const backup = await npmRun("backup", [], { DATA_DIR: dataDir });
        expect(backup.code, backup.stderr).toBe(0);
        const folder = /^Backup written to (.+)$/m.exec(backup.stdout)?.[1] ?? "";
        expect(path.dirname(folder)).toBe(backupDir);
        taken.push({ folder, acknowledged });
      }
    } finally {
      stopped = true;
      await Promise.all(shoppers);
    }

    // The shop still serves this DATA_DIR: a restore into it is refused, in one line.
    const refused = await npmRun("restore", [taken[0].folder], { DATA_DIR: dataDir });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr.trim()).toBe(
      `Restore refused: A shop is serving ${dataDir}: stop it (every process of it) before restoring.`,
    );
  } finally {
    await shop.stop();
  }

  for (const { folder, acknowledged } of taken) {
    const restoredDir = tempDir("restored");
    const restore = await npmRun("restore", [folder], { DATA_DIR: restoredDir });
    expect(restore.code, restore.stderr).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, "manifest.json"), "utf8"));
    expect(restore.stdout).toContain(`Restored the backup taken at ${manifest.takenAt} into ${restoredDir}`);
    // The backup's own schema version: every migration the shop had applied when it was taken.
    expect(manifest.schemaVersion).toBe(MIGRATIONS.length);
    expect(restore.stdout).toContain(`checksums and integrity check passed; schema version ${manifest.schemaVersion}`);
    expect(restore.stdout).toContain(`orders ${manifest.rowCounts.orders}`);

    const db = new Database(path.join(restoredDir, "hemline.sqlite"), { readonly: true });
    try {
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      const orderIds = new Set(
        db
          .prepare<[], { id: string }>("SELECT id FROM orders")
          .all()
          .map((r) => r.id),
      );
      expect(acknowledged.filter((a) => !orderIds.has(a.orderId))).toEqual([]);
    } finally {
      db.close();
    }

    // A shop started on the restored data shows each of those orders to the guest who placed it.
    const restoredShop = await shopOn(restoredDir);
    try {
      const base = await serving(restoredShop);
      for (const { page } of acknowledged) {
        const response = await new HttpShopper(base).call(page);
        expect(response.status, page).toBe(200);
        expect(await pageText(response)).toContain(ORDER_PAID);
      }
    } finally {
      await restoredShop.stop();
    }
  }
});

test("a damaged or missing backup is refused with a one-line message and nothing is restored", async () => {
  const dataDir = tempDir("backup-damaged");
  expect((await npmRun("seed", [], { DATA_DIR: dataDir })).code).toBe(0);
  const backup = await npmRun("backup", [], { DATA_DIR: dataDir });
  expect(backup.code, backup.stderr).toBe(0);
  const folder = /^Backup written to (.+)$/m.exec(backup.stdout)?.[1] ?? "";

  // One byte of the database changed after the backup was written.
  const file = path.join(folder, "hemline.sqlite");
  const bytes = fs.readFileSync(file);
  bytes[bytes.length - 100] ^= 0xff;
  fs.writeFileSync(file, bytes);
  const target = tempDir("restore-damaged");
  const damaged = await npmRun("restore", [folder], { DATA_DIR: target });
  expect(damaged.code).toBe(1);
  expect(damaged.stderr.trim()).toBe(
    "Restore refused: The backup is damaged: the checksum of hemline.sqlite does not match its manifest",
  );
  expect(fs.existsSync(path.join(target, "hemline.sqlite"))).toBe(false);

  const missing = await npmRun("restore", [path.join(target, "no-such-backup")], { DATA_DIR: target });
  expect(missing.code).toBe(1);
  expect(missing.stderr.trim()).toBe(`Restore refused: No backup folder at ${path.join(target, "no-such-backup")}`);
});

test("while serving, a backup is taken every BACKUP_EVERY_MINUTES and only the last BACKUP_KEEP are kept", async () => {
  const dataDir = tempDir("backup-schedule");
  const backupDir = path.join(dataDir, "backups");
  // 0.02 minutes: a backup every 1.2 s.
  const shop = await shopOn(dataDir, { BACKUP_EVERY_MINUTES: "0.02", BACKUP_KEEP: "2" });
  try {
    await serving(shop);
    expect(shop.output()).toContain(`Backups every 0.02 min into ${backupDir}, keeping the last 2.`);
    await expect
      .poll(() => shop.output().match(/^Backup written to /gm)?.length ?? 0, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(3);
    expect(shop.output()).toMatch(/deleted 1 older \(keeping 2\)/);
    // A third complete backup exists only between its rename and the prune that follows.
    await expect
      .poll(
        () => fs.readdirSync(backupDir).filter((n) => fs.existsSync(path.join(backupDir, n, "manifest.json"))).length,
      )
      .toBe(2);
  } finally {
    await shop.stop();
  }
});

test("a scheduled backup that fails is logged and the shop keeps serving", async () => {
  const dataDir = tempDir("backup-failing");
  const notADirectory = path.join(dataDir, "not-a-directory");
  fs.writeFileSync(notADirectory, "");
  const shop = await shopOn(dataDir, { BACKUP_EVERY_MINUTES: "0.02", BACKUP_DIR: path.join(notADirectory, "backups") });
  try {
    const base = await serving(shop);
    await expect
      .poll(() => shop.output(), { timeout: 60_000 })
      .toMatch(/Backup failed \(the shop keeps serving; next attempt in one interval\): .*ENOTDIR/);
    expect(shop.exitCode()).toBeNull();
    const page = await new HttpShopper(base).call("/products/p0001");
    expect(page.status).toBe(200);
  } finally {
    await shop.stop();
  }
});
