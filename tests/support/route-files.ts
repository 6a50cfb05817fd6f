import fs from "node:fs";
import path from "node:path";

// The route modules of app/routes as the Remix v2 convention finds them: flat files
// ("products._index.tsx") and folder routes ("products.$id/route.tsx", whose other files are
// the route's own helpers, not routes).

export const ROUTES_DIR = path.resolve("app/routes");

/** Each route module's path under app/routes: "cart/route.tsx" or "about.tsx". */
export function routeFiles(dir = ROUTES_DIR): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      if (entry.isFile()) return /\.tsx?$/.test(entry.name) ? [entry.name] : [];
      if (!entry.isDirectory()) return [];
      const route = ["route.tsx", "route.ts"].find((f) => fs.existsSync(path.join(dir, entry.name, f)));
      return route ? [`${entry.name}/${route}`] : [];
    })
    .sort();
}

/** "cart/route.tsx" and "cart.tsx" -> "cart": the route's name, which spells its URL. */
export const routeName = (file: string) => file.replace(/(\/route)?\.tsx?$/, "");
