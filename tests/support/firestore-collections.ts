import fs from "node:fs";
import path from "node:path";

// The Firestore collections the shop's source names, read from the source itself, so a test can
// hold a list of collections to the code: a collection added to an adapter shows up here.

export interface CollectionsInSource {
  /** Collection ids, subcollections included (a subcollection is named by its own id). */
  ids: Set<string>;
  /** Calls whose collection name could not be read, as "file:line expression". */
  unresolved: string[];
}

const SOURCE_ROOTS = ["app", "scripts"];
const SOURCE_FILE = /\.(?:ts|tsx|mjs|js)$/;
const TEST_FILE = /\.test\.(?:ts|tsx)$/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE_FILE.test(entry.name) && !TEST_FILE.test(entry.name) ? [full] : [];
  });
}

const STRING = /^(["'`])([^"'`$]*)\1$/;

/** `const NAME = "x"` in one file's text (`exported` only: those another file may import). */
function stringConstants(text: string, exported = false): Map<string, string> {
  const declaration = exported
    ? /\bexport\s+const\s+([A-Za-z_$][\w$]*)\s*=\s*(["'`])([^"'`$]*)\2\s*;/g
    : /\bconst\s+([A-Za-z_$][\w$]*)\s*=\s*(["'`])([^"'`$]*)\2\s*;/g;
  return new Map([...text.matchAll(declaration)].map((m) => [m[1], m[3]]));
}

/** `for (const name of ["a", "b"])` in the same file: the names a loop variable takes. */
function loopValues(text: string, variable: string): string[] | null {
  const loop = new RegExp(`for\\s*\\(\\s*const\\s+${variable}\\s+of\\s+\\[([^\\]]*)\\]`).exec(text);
  if (!loop) return null;
  const items = loop[1]
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  const values = items.map((item) => STRING.exec(item)?.[2]);
  return values.every((v): v is string => v !== undefined) ? values : null;
}

export function firestoreCollectionsInSource(root = process.cwd()): CollectionsInSource {
  const files = SOURCE_ROOTS.flatMap((dir) => sourceFiles(path.join(root, dir)));
  const texts = new Map(files.map((file) => [file, fs.readFileSync(file, "utf8")]));
  // An imported constant (MAIL_COLLECTION) is found by its name among every file's exports;
  // a name two files export differently stays unresolved rather than guessed.
  const exported = new Map<string, string | null>();
  for (const text of texts.values()) {
    for (const [name, value] of stringConstants(text, true)) {
      exported.set(name, exported.has(name) && exported.get(name) !== value ? null : value);
    }
  }
  const ids = new Set<string>();
  const unresolved: string[] = [];
  for (const [file, text] of texts) {
    const local = stringConstants(text);
    const constant = (name: string) => local.get(name) ?? exported.get(name) ?? undefined;
    const where = (index: number) => `${path.relative(root, file)}:${text.slice(0, index).split("\n").length}`;
    // db.collection(x), ref.collection(x), db.collectionGroup(x), and the modular collection(db, x).
    for (const m of text.matchAll(/\b(?:collection|collectionGroup)\(([^()]*)\)/g)) {
      const args = m[1].split(",").map((a) => a.trim());
      const arg = args.at(-1) ?? "";
      const literal = STRING.exec(arg)?.[2];
      const named = literal ?? constant(arg);
      const values = named !== undefined ? [named] : loopValues(text, arg);
      if (values && values.length > 0) {
        // A literal path "a/b/c" names collections a and c.
        for (const value of values) value.split("/").forEach((segment, i) => i % 2 === 0 && ids.add(segment));
      } else {
        unresolved.push(`${where(m.index)} ${m[0]}`);
      }
    }
    // db.doc("meta/health"): every other segment of a document path is a collection.
    for (const m of text.matchAll(/\.doc\(\s*(["'`])([^"'`$]*\/[^"'`$]*)\1\s*\)/g)) {
      m[2].split("/").forEach((segment, i) => i % 2 === 0 && ids.add(segment));
    }
  }
  return { ids, unresolved };
}
