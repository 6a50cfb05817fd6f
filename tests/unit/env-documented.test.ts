import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every environment variable the shop or its scripts read is documented: it has a line in
// .env.example (commented or not) and a mention in docs/configuration.md. The names come from the
// source itself (`process.env.NAME` and `env.NAME` in app/ and scripts/) and from the keys of the
// configuration schema (app/server/config.server.ts), so a new variable cannot go unexplained.

const root = path.resolve(__dirname, "../..");
const SOURCE = /\.(ts|tsx|mjs)$/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    // Tests set variables of their own; they are not the shop's configuration.
    return SOURCE.test(entry.name) && !/\.test\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Names read as `process.env.NAME` or `env.NAME` (an env object passed around) in app/ and scripts/. */
function namesRead(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of ["app", "scripts"].flatMap((dir) => sourceFiles(path.join(root, dir)))) {
    for (const match of fs.readFileSync(file, "utf8").matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g))
      if (!found.has(match[1])) found.set(match[1], path.relative(root, file));
  }
  return found;
}

/** The keys of the zod object in config.server.ts (`const schema = z.object({ KEY: … })`). */
function schemaKeys(): string[] {
  const text = fs.readFileSync(path.join(root, "app/server/config.server.ts"), "utf8");
  const start = text.indexOf("const schema = z");
  const end = text.indexOf(".superRefine(", start);
  expect(start, "config.server.ts declares `const schema = z`").toBeGreaterThan(-1);
  expect(end, "the schema is followed by .superRefine(").toBeGreaterThan(start);
  return [...text.slice(start, end).matchAll(/^ {4}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]);
}

const read = namesRead();
const keys = schemaKeys();
const every = [...new Set([...read.keys(), ...keys])].sort();
const envExample = fs.readFileSync(path.join(root, ".env.example"), "utf8");
const configurationDoc = fs.readFileSync(path.join(root, "docs/configuration.md"), "utf8");

describe("environment variables are documented", () => {
  it("finds the variables it should (the scan itself works)", () => {
    expect(keys).toEqual(expect.arrayContaining(["PORT", "DATA_DIR", "SESSION_SECRET", "HEMLINE_TEST_HOOKS"]));
    expect(keys.length).toBeGreaterThan(30);
    // Read by scripts/server.mjs and scripts/port-check.mjs, not by the schema.
    expect([...read.keys()]).toEqual(expect.arrayContaining(["HOST", "WEB_CONCURRENCY", "FIRESTORE_EMULATOR_JAR"]));
  });

  it("gives every variable a line in .env.example", () => {
    const missing = every.filter((name) => !new RegExp(`^#?\\s*${name}=`, "m").test(envExample));
    expect(
      missing.map((name) => `${name} (${read.get(name) ?? "app/server/config.server.ts"})`),
      "variables without a `NAME=` or `# NAME=` line in .env.example",
    ).toEqual([]);
  });

  it("names every variable in docs/configuration.md", () => {
    const missing = every.filter((name) => !configurationDoc.includes(`\`${name}\``));
    expect(missing, "variables docs/configuration.md does not name (as `NAME`)").toEqual([]);
  });
});
