import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/emulators/firestore";
import { execForm, lastOf, parseCopy, readDockerfile, runStage, type Stage } from "../support/dockerfile";
import { expect, test } from "./fixtures";
import { HttpShopper } from "./support/http-shopper";

// Docker cannot run here, so the image's run stage is reproduced as Docker would run it: its COPY
// lines, read from the Dockerfile, put exactly those files (from the repository, or from the build
// output for `--from=build`) into an empty folder; its `npm ci` installs the production
// dependencies there (better-sqlite3 compiles); its CMD starts the shop on a fresh DATA_DIR. A
// shopper then buys something over HTTP, and SIGTERM (`docker stop`) must end the process. A file
// the shop needs that the Dockerfile forgets to copy fails this test.

test.describe.configure({ timeout: 15 * 60_000 });

const REPO = process.cwd();

/** WORKDIR of a stage (absolute, as in the image). */
const workdirOf = (stage: Stage) => lastOf(stage, "WORKDIR")?.args ?? "/";

/** The Dockerfile's ENV of a stage, as name=value pairs (the `K=V K2=V2` form). */
function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const instruction of stage.instructions.filter((i) => i.keyword === "ENV"))
    for (const pair of instruction.args.split(/\s+/).filter(Boolean)) {
      const eq = pair.indexOf("=");
      if (eq < 1) throw new Error(`Dockerfile: only ENV name=value is understood here, not ENV ${instruction.args}`);
      env[pair.slice(0, eq)] = pair.slice(eq + 1);
    }
  return env;
}

/** Copies as Docker's COPY does: a directory's contents into the destination, a file to it or into it. */
function dockerCopy(source: string, destination: string, intoDirectory: boolean) {
  if (!fs.existsSync(source)) throw new Error(`COPY: ${path.relative(REPO, source)} does not exist (build first?)`);
  if (fs.statSync(source).isDirectory()) {
    fs.cpSync(source, destination, { recursive: true, preserveTimestamps: true });
    return;
  }
  const target = intoDirectory ? path.join(destination, path.basename(source)) : destination;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.cpSync(source, target, { preserveTimestamps: true });
}

/** The run stage, step by step, into `root` (standing for its WORKDIR): COPY lines and the install. */
function reproduceRunStage(stages: Stage[], root: string) {
  const run = runStage(stages);
  const workdir = workdirOf(run);
  let installed = false;
  for (const instruction of run.instructions) {
    if (instruction.keyword === "COPY") {
      const copy = parseCopy(instruction.args);
      const fromStage = copy.from === null ? null : stages.find((s) => s.name === copy.from);
      if (copy.from !== null && !fromStage) throw new Error(`COPY --from=${copy.from}: no such stage`);
      // The build stage is the repository (its WORKDIR) after the production build.
      const sourceRoot = fromStage ? workdirOf(fromStage) : null;
      const destination = path.join(root, path.posix.relative(workdir, path.posix.resolve(workdir, copy.destination)));
      const intoDirectory = copy.sources.length > 1 || copy.destination.endsWith("/");
      for (const source of copy.sources) {
        const relative = sourceRoot ? path.posix.relative(sourceRoot, source) : source;
        if (relative.startsWith("..")) throw new Error(`COPY ${source}: outside the build stage's WORKDIR`);
        dockerCopy(path.join(REPO, relative), destination, intoDirectory);
      }
    } else if (instruction.keyword === "RUN" && /\bnpm ci\b/.test(instruction.args)) {
      // The production install on this machine (Debian's Node headers under /usr).
      const result = spawnSync("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund"], {
        cwd: root,
        env: { ...process.env, npm_config_nodedir: "/usr", NODE_ENV: "production" },
        encoding: "utf8",
        timeout: 12 * 60_000,
      });
      if (result.status !== 0)
        throw new Error(
          `npm ci --omit=dev failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`,
        );
      installed = true;
    }
  }
  if (!installed) throw new Error("The Dockerfile's run stage has no `npm ci`");
}

test("the image's run stage, reproduced from the Dockerfile, starts, sells and stops on SIGTERM", async () => {
  const stages = readDockerfile();
  const run = runStage(stages);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "hemline-run-stage-"));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hemline-run-stage-data-"));
  let output = "";
  let child: ReturnType<typeof spawn> | undefined;
  try {
    reproduceRunStage(stages, root);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The image's environment, with a port and data directory of this test's own; nothing of the
    // test runner's (no SESSION_SECRET: the shop makes one in DATA_DIR, as in a fresh container).
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH ?? "",
      HOME: os.homedir(),
      NODE_ENV: "production",
      ...envOf(run),
      PORT: String(port),
      DATA_DIR: dataDir,
    };
    const [command, ...args] = execForm(lastOf(run, "CMD")!.args);
    expect(command).toBe("node");
    const shop = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    child = shop;
    shop.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    shop.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => shop.once("exit", (code) => resolve(code)));

    await expect(async () => {
      expect(shop.exitCode, `the shop exited:\n${output}`).toBeNull();
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    }).toPass({ timeout: 240_000 });

    // The image's HEALTHCHECK command itself answers healthy.
    const healthcheck = lastOf(run, "HEALTHCHECK")!.args;
    const [, ...checkArgs] = execForm(healthcheck.slice(healthcheck.indexOf("CMD ") + 4));
    expect(spawnSync(process.execPath, checkArgs, { env, timeout: 30_000 }).status).toBe(0);

    const shopper = new HttpShopper(base);
    // Pages, their built stylesheets and scripts, public/ and an info page (content/, read at run time).
    const home = await shopper.call("/");
    expect(home.status, output).toBe(200);
    const html = await home.text();
    const assets = [...html.matchAll(/(?:href|src)="(\/build\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of [...new Set(assets)]) expect((await shopper.call(asset)).status, asset).toBe(200);
    expect((await shopper.call("/favicon.svg")).status).toBe(200);
    const returns = await shopper.call("/returns");
    expect(returns.status, output).toBe(200);
    expect(await returns.text()).toContain("Not quite right?");

    // A purchase with the test card, as a shopper without JavaScript makes it.
    const listing = await (await shopper.call("/products")).text();
    const productId = /href="\/products\/([\w-]+)"/.exec(listing)?.[1];
    expect(productId, "a product on /products").toBeTruthy();
    expect((await shopper.add(productId!)).status).toBe(303);
    const placed = await shopper.post("/checkout", await shopper.checkoutForm("container@hemline.test"));
    expect(placed.status, await placed.clone().text()).toBe(303);
    const orderUrl = placed.headers.get("location") ?? "";
    expect(orderUrl).toMatch(/\/orders\//);
    const order = await shopper.call(orderUrl.replace(/^https?:\/\/[^/]+/, ""));
    expect(await order.text()).toContain("Thank you! Your order is confirmed.");

    // An operator's backup inside the running container (`docker exec … npm run backup`).
    const backup = spawnSync("npm", ["run", "--silent", "backup"], {
      cwd: root,
      env,
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(backup.status, `${backup.stdout}${backup.stderr}`).toBe(0);
    expect(backup.stdout).toContain("Backup written to");
    const backups = fs.readdirSync(path.join(dataDir, "backups")).filter((name) => !name.startsWith("."));
    // At least this one (the shop's own hourly schedule may have taken another meanwhile), each complete.
    expect(backups.length).toBeGreaterThanOrEqual(1);
    for (const name of backups) expect(fs.existsSync(path.join(dataDir, "backups", name, "manifest.json"))).toBe(true);

    // `docker stop`: SIGTERM to PID 1, which must end the process (Docker kills it after 10 s).
    shop.kill("SIGTERM");
    const code = await Promise.race([exited, new Promise<string>((r) => setTimeout(() => r("still running"), 10_000))]);
    expect(code, output).toBe(0);
  } finally {
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
