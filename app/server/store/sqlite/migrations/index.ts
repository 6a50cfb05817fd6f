import catalogue from "./001-catalogue";
import accounts from "./002-accounts";
import blog from "./003-blog";
import adminCatalogue from "./005-admin-catalogue";

/** Numbered migrations, applied in order at start; PRAGMA user_version records the last applied. */
export const MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  { version: 1, name: "catalogue", sql: catalogue },
  { version: 2, name: "accounts", sql: accounts },
  { version: 3, name: "blog", sql: blog },
  // 4 is the orders migration (issue 4); both are applied in version order once merged.
  { version: 5, name: "admin-catalogue", sql: adminCatalogue },
];
