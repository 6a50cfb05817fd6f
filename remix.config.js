/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Remix 2 classic compiler (esbuild), as the owner's design card asks.
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  serverDependenciesToBundle: [],
  tailwind: true,
  postcss: true,
  // better-sqlite3 is a native addon: never bundle it into the server build.
  serverMinify: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
