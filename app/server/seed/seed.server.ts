import type { Store } from "../store/port";
import { buildSeedPosts } from "./blog-posts.server";
import { buildLargeCatalogue, buildSeedCatalogue } from "./catalogue.server";

export type Log = (line: string) => void;

/** Seed the demo catalogue when the store has no products (and the blog when it has no posts); returns how many products were written. */
export async function seedIfEmpty(store: Store, log: Log = console.log): Promise<number> {
  await seedPostsIfEmpty(store, log);
  const existing = await store.products.count();
  if (existing > 0) {
    log(`Catalogue already has ${existing} products; not seeding.`);
    return 0;
  }
  const products = buildSeedCatalogue();
  log(`Seeding ${products.length} products…`);
  const batch = 25;
  for (let i = 0; i < products.length; i += batch) {
    await store.products.upsertMany(products.slice(i, i + batch));
    log(`  ${Math.min(i + batch, products.length)}/${products.length} products`);
  }
  log("Seeding done.");
  return products.length;
}

/** Seed the demo blog posts when the store has none; returns how many were written. */
export async function seedPostsIfEmpty(store: Store, log: Log = console.log): Promise<number> {
  const existing = await store.posts.count();
  if (existing > 0) {
    log(`Blog already has ${existing} posts; not seeding.`);
    return 0;
  }
  const posts = buildSeedPosts();
  for (const post of posts) await store.posts.save(post);
  log(`Seeded ${posts.length} blog posts.`);
  return posts.length;
}

/** The benchmark catalogue: `count` generated products on top of whatever is there. */
export async function seedLarge(store: Store, count: number, log: Log = console.log): Promise<number> {
  log(`Seeding a large catalogue of ${count.toLocaleString("en")} products…`);
  let written = 0;
  const started = Date.now();
  for (const batch of buildLargeCatalogue(count)) {
    await store.products.upsertMany(batch);
    written += batch.length;
    if (written % 10_000 === 0 || written === count) {
      log(`  ${written.toLocaleString("en")}/${count.toLocaleString("en")} products (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
  }
  return written;
}
