// A page whose scripts fail to load (a stale page after a deployment) reloads itself, at most once per 10 seconds per path.
// After a new deployment an open page may ask for a script file that no longer exists; a
// reload fetches the new page and its new files. The guard (in sessionStorage) stops a page
// whose files really are missing from reloading itself forever.

export const RELOAD_GUARD_MS = 10_000;
export const RELOAD_GUARD_KEY = "reload-guard";

/** The part of Web Storage the guard uses, so tests can hand in their own. */
export interface GuardStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

interface ClaimOptions {
  /** null when the browser refuses storage: then nothing can be guarded, and nothing reloads. */
  storage: GuardStorage | null;
  /** Milliseconds since the epoch. */
  now: number;
  key?: string;
}

/**
 * May `path` reload now? True at most once per RELOAD_GUARD_MS per path; a true answer is
 * recorded. Corrupt records are ignored; storage that cannot be read or written answers false,
 * because an unrecorded reload could loop.
 */
export function claimReload(path: string, { storage, now, key = RELOAD_GUARD_KEY }: ClaimOptions): boolean {
  if (!storage) return false;
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return false;
  }
  const recent: Record<string, number> = {};
  try {
    for (const [p, at] of Object.entries<unknown>(JSON.parse(raw ?? "{}") ?? {})) {
      // Keep only plausible, unexpired times; anything else is noise from elsewhere.
      if (typeof at === "number" && at <= now && now - at < RELOAD_GUARD_MS) recent[p] = at;
    }
  } catch {
    // Not JSON: start afresh.
  }
  if (path in recent) return false;
  recent[path] = now;
  try {
    storage.setItem(key, JSON.stringify(recent));
  } catch {
    return false;
  }
  return true;
}

// Chrome, Firefox and Safari's words for a script module that could not be fetched.
const MODULE_LOAD_FAILURE =
  /dynamically imported module|importing a module script failed|failed to load module script|chunkloaderror|loading (?:css )?chunk \S+ failed/i;

/** Does this error say a script module (a route or a lazily loaded chunk) could not be loaded? */
export function isModuleLoadError(error: unknown): boolean {
  if (typeof error === "string") return MODULE_LOAD_FAILURE.test(error);
  if (error && typeof error === "object") {
    const { name, message } = error as { name?: unknown; message?: unknown };
    return [name, message].some((part) => typeof part === "string" && MODULE_LOAD_FAILURE.test(part));
  }
  return false;
}

/** In the browser: reload the page once the guard allows it. Returns whether it reloads. */
export function reloadAfterLoadError(): boolean {
  let storage: GuardStorage | null;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = null;
  }
  if (!claimReload(window.location.pathname, { storage, now: Date.now() })) return false;
  window.location.reload();
  return true;
}
