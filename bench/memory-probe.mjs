// Bench-only (loaded with NODE_OPTIONS=--import by bench/memory.ts, never by the shop): on SIGUSR2 the
// server writes process.memoryUsage() to $MEMORY_PROBE_FILE, so the bench sees the V8 heap and
// external buffers of a process it only otherwise knows from /proc. With --expose-gc it also
// collects garbage and measures again: what is live, as against what is only not yet collected.
import fs from "node:fs";

process.on("SIGUSR2", () => {
  const before = process.memoryUsage();
  globalThis.gc?.();
  fs.writeFileSync(process.env.MEMORY_PROBE_FILE, JSON.stringify({ before, afterGc: process.memoryUsage() }));
});
