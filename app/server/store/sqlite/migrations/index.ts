import catalogue from "./001-catalogue";

/** Numbered migrations, applied in order at start; PRAGMA user_version records the last applied. */
export const MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  { version: 1, name: "catalogue", sql: catalogue },
];
