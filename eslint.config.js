import path from "node:path";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import prettier from "eslint-config-prettier";

// Routes and components must go through services: never reach for an adapter directly.
const ADAPTERS = {
  group: [
    "**/store/sqlite/**",
    "**/store/firestore/**",
    "**/auth/local/**",
    "**/auth/firebase/**",
    "**/mail/*.server",
    "**/media/local-disk.server",
    "**/media/cloud-storage.server",
    "**/index-snapshots/*.server",
    "**/feed-files/*.server",
    "**/leases/*.server",
  ],
  message: "Use a service or a port; adapters are chosen in backend.server.ts.",
};

// Routes and services take the shop from the load context; only start-up makes it.
const NO_GET_CONTEXT = {
  selector: "ImportSpecifier[imported.name='getContext']",
  message: "Take the shop's services from the load context (context.shop), not from getContext().",
};

// Money is integer minor units and its text comes from one module: a hand-written `/ 100` or
// `* 100` (cents or per cent) or a written-in euro or pound sign shows a price in the wrong
// currency the day a market sells in another.
const MONEY_HELPERS = "app/domain/money.ts (minorToInput, inputToMinor, unitsToMinor, formatMoney, currencySymbol)";
const NO_HAND_WRITTEN_MONEY = [
  {
    selector:
      "BinaryExpression:matches([operator='/'], [operator='*'])[right.type='Literal'][right.value=100]," +
      " BinaryExpression[operator='*'][left.type='Literal'][left.value=100]",
    message: `No hand-written * 100 or / 100: use ${MONEY_HELPERS} or app/domain/percent.ts (roundedPercent, flooredPercent, percentOf, formatPercent).`,
  },
  {
    selector:
      "Literal[value=/[€£]/], Literal[regex.pattern=/[€£]/], TemplateElement[value.raw=/[€£]/], JSXText[value=/[€£]/]",
    message: `No written-in € or £: format amounts with ${MONEY_HELPERS} in the currency they are in.`,
  },
];

export default tseslint.config(
  {
    ignores: [
      "remix.env.d.ts",
      "build/**",
      "build-dev/**",
      "public/build/**",
      "public/build-dev/**",
      ".cache/**",
      "data/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "bench/.data/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": [
        "error",
        {
          patterns: [ADAPTERS],
        },
      ],
    },
  },
  {
    // The wiring code and the adapters' own tests are the places allowed to name adapters.
    files: [
      "app/server/store/**",
      "app/server/auth/**",
      "app/server/mail/**",
      "app/server/index-snapshots/**",
      "app/server/feed-files/**",
      "app/server/leases/**",
      // Backups copy the embedded store's own file: they are that adapter's tooling.
      "app/server/backup/**",
      "app/server/backend.server.ts",
      // The move from the embedded backend to Firebase wires both backends' adapters, as backend.server.ts does one.
      "app/server/migration/to-firebase.server.ts",
      "tests/**",
      "scripts/**",
      "bench/**",
    ],
    rules: { "no-restricted-imports": "off" },
  },
  {
    // The shop's services reach a loader or action as `context.shop` (load-context.server.ts): only
    // start-up, which makes the shop once, calls the composition root.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/server/startup.server.ts", "app/server/context.server.ts"],
    rules: {
      "no-restricted-syntax": ["error", NO_GET_CONTEXT, ...NO_HAND_WRITTEN_MONEY],
    },
  },
  {
    // The money and percent modules are where those conversions and signs live. (This replaces the
    // rule's list for these files, so it keeps the getContext part.)
    files: ["app/domain/money.ts", "app/domain/percent.ts"],
    rules: { "no-restricted-syntax": ["error", NO_GET_CONTEXT] },
  },
  {
    // The domain's types are the bottom layer: the UI, services and stores import them, never the reverse.
    files: ["app/domain/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/server/*", "**/server/**", "~/routes/*", "~/components/*", "~/lib/*", "**/lib/**"],
              message: "app/domain imports no other layer.",
            },
          ],
        },
      ],
    },
  },
  {
    // No import circles: a module that imports itself through others has no place in the layers.
    // import-x reads `import type` as no edge (types are erased), and resolves `~/` as tsconfig does.
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
          alias: { "~": [path.resolve(import.meta.dirname, "app")] },
        }),
      ],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // Playwright fixtures call their callback `use`, which is not React's hook.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  // Prettier owns layout: turn off the lint rules that disagree with it.
  prettier,
  {
    // Prettier does not break strings, comments or class lists: those stay readable by hand.
    files: ["**/*.{ts,tsx,js,mjs}"],
    rules: { "max-len": ["error", { code: 160, ignoreUrls: true }] },
  },
);
