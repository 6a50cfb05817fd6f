// npm run bench:page-delivery: issue 40's figures. The production build with PAGE_CACHE=on and
// PAGE_CACHE=off (and, with BEFORE_DIR, another built checkout: the commit before the redesign),
// each beside the peer in one mixbench run (../shared/tools/peer/mixbench.mjs, the method the
// goals are measured by), for the mix and cold workloads. The peer must be running
// (tools/peer/setup.sh start). Not a test: nothing is asserted; the figures go to
// bench/results/<date>-page-delivery.md.
//
// Environment: MIXBENCH (path of mixbench.mjs), BENCH_SECONDS (20), BENCH_ROUNDS (3),
// BEFORE_DIR (optional), BENCH_SKIP_BUILD=1, PEER_URL (http://127.0.0.1:4011).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild, startServer } from "./server";

const MIXBENCH = path.resolve(process.env.MIXBENCH ?? "../shared/tools/peer/mixbench.mjs");
const SECONDS = process.env.BENCH_SECONDS ?? "20";
const ROUNDS = process.env.BENCH_ROUNDS ?? "3";
const PEER_URL = process.env.PEER_URL ?? "http://127.0.0.1:4011";
const PORT = "4020";
const BEFORE_DIR = process.env.BEFORE_DIR ? path.resolve(process.env.BEFORE_DIR) : null;
const WORKLOADS = ["mix", "cold"] as const;

interface Variant {
  label: string;
  cwd?: string;
  env: Record<string, string>;
}

const variants: Variant[] = [
  ...(BEFORE_DIR ? [{ label: `before (${path.basename(BEFORE_DIR)})`, cwd: BEFORE_DIR, env: {} }] : []),
  { label: "after, PAGE_CACHE=on", env: { PAGE_CACHE: "on" } },
  { label: "after, PAGE_CACHE=off", env: { PAGE_CACHE: "off" } },
];

async function measure(variant: Variant, workload: string): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hemline-page-delivery-"));
  const { server } = await startServer({ PORT, DATA_DIR: dataDir, ...variant.env }, { cwd: variant.cwd });
  const out = path.join(dataDir, "mixbench.md");
  try {
    const run = spawnSync(
      process.execPath,
      [
        MIXBENCH,
        ...["--hemline", `http://127.0.0.1:${PORT}`, "--peer", PEER_URL],
        ...["--workload", workload, "--seconds", SECONDS, "--rounds", ROUNDS, "--out", out],
      ],
      { stdio: ["ignore", "inherit", "inherit"] },
    );
    if (run.status !== 0) throw new Error(`mixbench failed for ${variant.label} (${workload})`);
    return fs.readFileSync(out, "utf8");
  } finally {
    server.kill();
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (!fs.existsSync(MIXBENCH)) throw new Error(`mixbench not found at ${MIXBENCH}: set MIXBENCH`);
  if (process.env.BENCH_SKIP_BUILD !== "1") ensureBuild();
  const date = new Date().toISOString().slice(0, 10);
  const sections: string[] = [];
  for (const workload of WORKLOADS)
    for (const variant of variants) {
      console.log(`\n== ${variant.label}, ${workload} ==`);
      sections.push(`## ${variant.label}, workload ${workload}\n\n${await measure(variant, workload)}`);
    }
  const file = path.join("bench/results", `${date}-page-delivery.md`);
  const head =
    `# Page delivery (issue 40), ${date}\n\n` +
    `Each section is one mixbench run (${ROUNDS} rounds of ${SECONDS} s, interleaved) of one Hemline build ` +
    `beside the same peer; compare ratios and CPU per request rather than absolute times.\n\n`;
  fs.writeFileSync(file, head + sections.join("\n"));
  console.log(`\nwritten ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
