import { afterAll, afterEach, describe, expect, it } from "vitest";
import { parseProductQuery } from "~/lib/product-query";
import { createSqliteIndexSnapshots } from "~/server/index-snapshots/sqlite.server";
import { createSqliteLeases } from "~/server/leases/sqlite.server";
import { seedIfEmpty } from "~/server/seed/seed.server";
import { createCatalogService, type CatalogService } from "~/server/services/catalog/catalog.server";
import { openDatabase } from "~/server/store/sqlite/database.server";
import { createSqliteStoreOn } from "~/server/store/sqlite/store.server";
import type { Store } from "~/server/store/port";
import { makeProduct } from "../support/product-factory";
import { makeTempDir } from "../support/temp-dir";

// The embedded backend's catalogue index snapshot (decision 0021): a process that starts on a
// database with a snapshot loads it instead of rebuilding, catches up with what changed while it
// was down, and lists exactly what a process that built from the catalogue lists.

const QUERIES = ["", "category=jeans&size=32", "search=jeens", "sort=price-desc&page=2", "search=Snapshotted"];

describe("catalogue index snapshots on the embedded backend", () => {
  const temp = makeTempDir();
  const open: Array<{ store: Store; catalog: CatalogService }> = [];
  afterEach(async () => {
    for (const { store, catalog } of open.splice(0)) {
      await catalog.stop();
      await store.close();
    }
  });
  afterAll(() => temp.remove());

  /** A process on the shop's database file: its own connection, its own index. */
  function start(snapshots: boolean) {
    const db = openDatabase(temp.dir);
    const store = createSqliteStoreOn(db);
    const logs: string[] = [];
    const catalog = createCatalogService({
      store,
      syncIntervalMs: 0,
      snapshots: snapshots ? { files: createSqliteIndexSnapshots(db), leases: createSqliteLeases(db) } : null,
      log: (line) => logs.push(line),
    });
    open.push({ store, catalog });
    return { store, catalog, logs };
  }

  const answers = (catalog: CatalogService) =>
    Promise.all(QUERIES.map((qs) => catalog.listProducts(parseProductQuery(new URLSearchParams(qs)).query)));

  it("builds and writes a snapshot once; the next start loads it and catches up with changes made meanwhile", async () => {
    const first = start(true);
    await seedIfEmpty(first.store, () => {});
    await first.catalog.start();
    expect(first.logs.join("\n")).toContain("built from the catalogue");
    expect(first.logs.join("\n")).toMatch(/Wrote the catalogue index snapshot/);
    await first.catalog.stop();

    // While no process runs: one product added, one removed.
    const added = makeProduct({ id: "snapshotted-1", slug: "snapshotted-1", name: "Snapshotted Linen Shirt" });
    await first.store.products.upsertMany([added]);
    const [removed] = (await answers(first.catalog))[0].items;
    await first.store.products.delete(removed.id);

    const restarted = start(true);
    await restarted.catalog.start();
    expect(restarted.logs.join("\n")).toContain("loaded from the snapshot");
    expect(restarted.logs.join("\n")).toMatch(/, 2 read from the change feed/);
    const built = start(false);
    await built.catalog.start();
    const [fromSnapshot, fromCatalogue] = [await answers(restarted.catalog), await answers(built.catalog)];
    expect(fromSnapshot).toEqual(fromCatalogue);
    expect(fromSnapshot[4].items.map((p) => p.id)).toEqual(["snapshotted-1"]);
    expect(fromSnapshot[0].items.map((p) => p.id)).not.toContain(removed.id);
  });
});
