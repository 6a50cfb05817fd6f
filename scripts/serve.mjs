// Serves the production build with scripts/server.mjs (remix-serve's set-up plus each request's
// socket address): one process, or WEB_CONCURRENCY processes sharing the port through Node's
// cluster module (one per core scales page rendering).
// Plain JavaScript so the workers start without a TypeScript loader.
import { spawn } from "node:child_process";
import cluster from "node:cluster";
import path from "node:path";

const cli = path.resolve("scripts/server.mjs");
const build = process.argv[2] ?? "build/index.js";
const workers = Math.max(1, Number.parseInt(process.env.WEB_CONCURRENCY ?? "1", 10) || 1);

if (workers === 1) {
  const server = spawn(process.execPath, [cli, build], { stdio: "inherit", env: process.env });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
  server.on("exit", (code) => process.exit(code ?? 0));
} else {
  let stopping = false;
  cluster.setupPrimary({ exec: cli, args: [build] });
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    console.error(`Worker ${worker.process.pid} stopped (${code ?? signal}); starting another.`);
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
      setTimeout(() => {
        for (const worker of running) worker.process.kill("SIGKILL");
        process.exit(0);
      }, 5000).unref();
    });
  }
}
