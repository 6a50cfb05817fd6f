// What every benchmark shares: the production build, a server process, its memory.
import { SERVER_NODE_FLAGS } from "../scripts/node-flags.mjs";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";

export function ensureBuild(): void {
  const result = spawnSync("npx", ["remix", "build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error("build failed");
}

/** The production server on `env` (PORT, DATA_DIR, backend…); resolves once every worker answers a listing. */
export async function startServer(
  env: Record<string, string>,
  options: { cwd?: string; nodeFlags?: string[] } = {},
): Promise<{ server: ChildProcess; startupMs: number }> {
  const base = `http://127.0.0.1:${env.PORT}`;
  const workers = Number(env.WEB_CONCURRENCY ?? 1);
  const started = Date.now();
  const server = spawn(
    process.execPath,
    [...(options.nodeFlags ?? SERVER_NODE_FLAGS), "scripts/serve.mjs", "build/index.js"],
    {
      cwd: options.cwd,
      env: {
        ...process.env,
        NODE_ENV: "production",
        SESSION_SECRET: "bench-secret-bench-secret-bench-secret-42",
        ...env,
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  for (let i = 0; i < 600; i++) {
    try {
      // Each worker builds its catalogue index as it starts; a listing answered by every
      // worker in turn means all are ready.
      const answers = await Promise.all(Array.from({ length: workers * 2 }, () => fetch(`${base}/products`)));
      if (answers.every((res) => res.ok)) return { server, startupMs: Date.now() - started };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  server.kill();
  throw new Error("server did not start");
}

/** Resident memory of the server and its worker processes, from /proc. */
export function rssOf(pid: number | undefined): number {
  if (!pid) return 0;
  let total = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = fs.readFileSync(`/proc/${entry}/status`, "utf8");
      const ppid = Number(/PPid:\s+(\d+)/.exec(status)?.[1]);
      if (Number(entry) === pid || ppid === pid) total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      /* the process ended meanwhile */
    }
  }
  return total;
}
