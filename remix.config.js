// `npm run dev` builds into folders of its own, so a development build never takes the place of
// the production build that `npm start` serves (it only rebuilds when sources are newer).
const development = process.env.NODE_ENV === "development";

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
  ...(development
    ? { serverBuildPath: "build-dev/index.js", assetsBuildDirectory: "public/build-dev", publicPath: "/build-dev/" }
    : {}),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
