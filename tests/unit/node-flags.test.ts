import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../../scripts/node-flags.mjs";

// `npm start` cannot import scripts/node-flags.mjs: its command line must carry the same flags as
// the servers the tests and benchmarks start, or they would measure a different heap.
describe("the production server's V8 flags", () => {
  it("are the same in npm start as in scripts/node-flags.mjs", () => {
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(["node", ...SERVER_NODE_FLAGS, "scripts/start.mjs"].join(" "));
  });
});
