import { describe, expect, it } from "vitest";
import { MIGRATIONS } from "~/server/store/sqlite/migrations";

// The runner records only the highest version applied, so a gap would be skipped for good on any
// database migrated past it: the list must run 1, 2, 3… without a hole.
describe("SQLite migrations", () => {
  it("are numbered from 1 without a gap", () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });
});
