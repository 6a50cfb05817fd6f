import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

// Two projects: unit tests run in seconds with nothing else running (`npx vitest run --project unit`);
// integration and contract tests need the Firestore, Auth and Storage emulators, which their
// global setup starts (Java) and stops.
export default defineConfig({
  resolve: { alias },
  test: {
    environment: "node",
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "tests/contract/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/contract/global-setup.ts"],
          // The emulator under hundreds of concurrent transactions on a loaded 2-core CI machine answers
          // a read in more than the shop's 5 s; the races tested here are about outcomes, not speed.
          env: { HEMLINE_TEST_HOOKS: "firestore-timeout-ms=20000" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
