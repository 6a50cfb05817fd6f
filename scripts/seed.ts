// npm run seed            -> seed the demo catalogue when the store is empty
// npm run seed:large      -> add 100,000 generated products (benchmarks)
import { parseConfig } from "~/server/config.server";
import { seedIfEmpty, seedLarge } from "~/server/seed/seed.server";
import { createStore } from "~/server/store/create-store.server";
import { loadDotEnv } from "./env";

loadDotEnv();
const args = process.argv.slice(2);
const largeAt = args.indexOf("--large");
const config = parseConfig();
const store = createStore(config);
try {
  if (largeAt >= 0) {
    const count = Number(args[largeAt + 1] ?? 100_000);
    if (!Number.isSafeInteger(count) || count <= 0) throw new Error("--large needs a positive whole number");
    await seedIfEmpty(store);
    await seedLarge(store, count);
  } else {
    await seedIfEmpty(store);
  }
} finally {
  await store.close();
}
