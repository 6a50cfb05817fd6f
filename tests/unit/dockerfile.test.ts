import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../../scripts/node-flags.mjs";
import { execForm, lastOf, parseCopy, readDockerfile, runStage, type Stage } from "../support/dockerfile";

// What the image promises an operator (docs/deploy.md): node:20-bookworm-slim, not root, the data
// on a volume at /data, the port exposed, a health check on /healthz, node itself as PID 1 with the
// server's heap flags. The run stage's files and install are tested by running them:
// tests/e2e/container-run-stage.http.spec.ts.

const stages = readDockerfile();
const run = runStage(stages);

/** Index of the first RUN that installs with `npm ci` in a stage. */
const installAt = (stage: Stage) =>
  stage.instructions.findIndex((i) => i.keyword === "RUN" && /\bnpm ci\b/.test(i.args));

describe("the Dockerfile", () => {
  it("builds in one stage and runs in another, both on node:20-bookworm-slim", () => {
    expect(stages.map((s) => s.name)).toEqual(["build", "run"]);
    for (const stage of stages) expect(stage.instructions[0].args).toMatch(/^node:20-bookworm-slim AS /);
    const build = stages[0];
    expect(
      build.instructions.some((i) => i.keyword === "RUN" && i.args.includes("NODE_ENV=production npx remix build")),
    ).toBe(true);
    expect(run.instructions[installAt(run)].args).toContain("npm ci --omit=dev");
  });

  it("installs from the lockfile copied before each `npm ci`, with no patched dependency", () => {
    for (const stage of stages) {
      const install = installAt(stage);
      expect(install, `npm ci in stage ${stage.name}`).toBeGreaterThan(0);
      const copiedBefore = stage.instructions
        .slice(0, install)
        .filter((i) => i.keyword === "COPY")
        .flatMap((i) => parseCopy(i.args).sources);
      expect(copiedBefore, `stage ${stage.name}`).toEqual(
        expect.arrayContaining(["package.json", "package-lock.json"]),
      );
      expect(copiedBefore, `stage ${stage.name}`).not.toContain("patches");
    }
  });

  it("runs as the unprivileged node user, with DATA_DIR=/data on a volume, PORT exposed and a health check on /healthz", () => {
    expect(lastOf(run, "USER")?.args).toBe("node");
    expect(lastOf(run, "ENV")?.args).toMatch(/DATA_DIR=\/data\b/);
    expect(lastOf(run, "ENV")?.args).toMatch(/PORT=3000\b/);
    expect(lastOf(run, "VOLUME")?.args).toBe("/data");
    // Two glibc arenas: libuv's threads' own arenas held ~50 MB more under load (issue 27).
    expect(lastOf(run, "ENV")?.args).toMatch(/MALLOC_ARENA_MAX=2\b/);
    expect(lastOf(run, "EXPOSE")?.args).toBe("3000");
    const healthcheck = lastOf(run, "HEALTHCHECK")?.args ?? "";
    const command = execForm(healthcheck.slice(healthcheck.indexOf("CMD ") + 4));
    expect(command[0]).toBe("node");
    expect(command.join(" ")).toContain("/healthz");
  });

  it("starts node itself as PID 1 with the server's heap flags (no npm, no shell to swallow SIGTERM)", () => {
    expect(lastOf(run, "ENTRYPOINT")).toBeUndefined();
    expect(execForm(lastOf(run, "CMD")!.args)).toEqual(["node", ...SERVER_NODE_FLAGS, "scripts/start.mjs"]);
  });
});
