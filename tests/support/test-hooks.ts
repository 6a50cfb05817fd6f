/**
 * Adds entries to the test-hook switch (HEMLINE_TEST_HOOKS) of this test process, keeping those the
 * suite already sets (vitest.config.ts: the Firestore emulator's longer limit). A later entry of
 * the same hook wins. Set before the configuration is first read.
 */
export function addTestHooks(...hooks: string[]): void {
  process.env.HEMLINE_TEST_HOOKS = [process.env.HEMLINE_TEST_HOOKS, ...hooks].filter(Boolean).join(",");
}
