import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";

// `npm start` on a port another program holds says so in one line and leaves, before it builds,
// migrates or seeds anything (issue 44, item 12): the data directory is not even created.

const held: net.Server[] = [];
afterEach(async () => {
  await Promise.all(held.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function holdAPort(): Promise<number> {
  const server = net.createServer();
  held.push(server);
  await new Promise<void>((resolve) => server.listen(0, resolve));
  return (server.address() as net.AddressInfo).port;
}

function npmStart(env: Record<string, string>) {
  const child = spawn("npm", ["start", "--silent"], { env: { ...process.env, ...env } });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, stdout, stderr })),
  );
}

test("npm start on a port in use says so in one line and touches nothing", { timeout: 60_000 }, async () => {
  const port = await holdAPort();
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "hemline-busy-")), "data");
  const { code, stdout, stderr } = await npmStart({ PORT: String(port), DATA_DIR: dataDir, SESSION_SECRET: "" });
  expect(code).toBe(1);
  expect(stderr.trim().split("\n")).toEqual([
    `Cannot start: port ${port} is already in use (another shop or program is listening there): stop it, or start with PORT=<another port>.`,
  ]);
  expect(stdout).not.toMatch(/migrat|seed|build/i);
  expect(fs.existsSync(dataDir)).toBe(false);
});
