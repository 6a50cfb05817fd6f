// npm test: every suite a change can break, in order: typecheck, lint, format, unit + integration +
// contract (vitest), the production build, then Playwright with JavaScript on and off.
// Runs them all even when one fails, then prints one summary and exits non-zero on any failure.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const reports = fs.mkdtempSync(path.join(os.tmpdir(), "hemline-test-reports-"));
const vitestJson = path.join(reports, "vitest.json");
const playwrightJson = path.join(reports, "playwright.json");

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
}

const steps: Step[] = [
  { name: "typecheck", command: ["npx", "tsc", "--noEmit"] },
  { name: "lint", command: ["npx", "eslint", "--max-warnings", "0", "."] },
  { name: "format", command: ["npx", "prettier", "--check", "--log-level", "warn", "."] },
  {
    name: "unit, integration and contract tests",
    command: ["npx", "vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`],
  },
  { name: "development server (npm run dev)", command: ["npx", "tsx", "scripts/dev-smoke.ts"] },
  { name: "production build", command: ["npx", "remix", "build"], env: { NODE_ENV: "production" } },
  {
    name: "end-to-end tests (JS on and off)",
    command: ["npx", "playwright", "test", "--reporter=list,json"],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
  },
];

const results: Array<{ name: string; ok: boolean; seconds: number }> = [];
for (const step of steps) {
  console.log(`\n▶ ${step.name}: ${step.command.join(" ")}`);
  const started = Date.now();
  const run = spawnSync(step.command[0], step.command.slice(1), {
    stdio: "inherit",
    env: { ...process.env, ...step.env },
  });
  results.push({ name: step.name, ok: run.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

let passed = 0;
let failed = 0;
const vitest = readJson(vitestJson) as { numPassedTests?: number; numFailedTests?: number } | undefined;
passed += vitest?.numPassedTests ?? 0;
failed += vitest?.numFailedTests ?? 0;
const playwright = readJson(playwrightJson) as
  | { stats?: { expected?: number; unexpected?: number; flaky?: number } }
  | undefined;
passed += playwright?.stats?.expected ?? 0;
failed += (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0);

console.log("\nSummary");
for (const r of results) console.log(`  ${r.ok ? "✔" : "✘"} ${r.name} (${r.seconds} s)`);
const stepsFailed = results.filter((r) => !r.ok).length;
if (stepsFailed > 0 && failed === 0) failed = stepsFailed; // a step that failed outside a test runner still fails the run
console.log(`${passed} passed, ${failed} failed`);
fs.rmSync(reports, { recursive: true, force: true });
process.exit(stepsFailed > 0 || passed === 0 ? 1 : 0);
