// Serves a production build: in this process, or in WEB_CONCURRENCY processes sharing the port
// through Node's cluster module (one per core scales page rendering).
// `node scripts/serve.mjs [build]`; scripts/start.mjs calls `serveBuild` after building.
import cluster from "node:cluster";
import path from "node:path";
import url from "node:url";
import { logLine } from "./log-line.mjs";
import { ensurePortFree } from "./port-check.mjs";
import { serve } from "./server.mjs";

const cli = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "server.mjs");

export async function serveBuild(build) {
  const workers = Math.max(1, Number.parseInt(process.env.WEB_CONCURRENCY ?? "1", 10) || 1);
  if (workers === 1) return serve(build);
  let stopping = false;
  cluster.setupPrimary({ exec: cli, args: [build] });
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    logLine("ERROR", `Worker ${worker.process.pid} stopped (${code ?? signal}); starting another.`);
    cluster.fork();
  });
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      stopping = true;
      const running = Object.values(cluster.workers ?? {}).filter(Boolean);
      let left = running.length;
      if (left === 0) process.exit(0);
      // Leave only when every worker has gone, so no server outlives its supervisor.
      for (const worker of running) {
        worker.once("exit", () => --left === 0 && process.exit(0));
        worker.process.kill(signal);
      }
      // Each worker has 10 s for its requests in flight (scripts/server.mjs), and a moment to close its store.
      setTimeout(() => {
        for (const worker of running) worker.process.kill("SIGKILL");
        process.exit(0);
      }, 12_000).unref();
    });
  }
}

if (process.argv[1] && import.meta.url === url.pathToFileURL(path.resolve(process.argv[1])).href) {
  await ensurePortFree();
  await serveBuild(process.argv[2] ?? "build/index.js");
}
