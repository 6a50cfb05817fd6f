import crypto from "node:crypto";
import { API_SCOPES, isApiScope, type ApiKey, type ApiScope } from "~/domain/api-key";
import type { Store } from "~/server/store/port";
import type { AuditRecord } from "../audit/audit.server";
import type { RateLimiter } from "../accounts/rate-limit.server";

// API keys: made by an owner, shown once, kept only as a SHA-256 (a key is 256 random bits, so a
// plain hash is enough: there is nothing to guess), scoped, revocable, rate-limited per key.

/** Every key starts with this, so one pasted in a chat or committed to a repository is recognisable. */
export const API_KEY_PREFIX = "hml_";
/** Characters of the secret the back office shows (prefix included). */
const SHOWN = API_KEY_PREFIX.length + 8;
/** The last-used time is written at most this often per key: no write per request. */
export const LAST_USED_INTERVAL_MS = 60_000;

export const hashApiKey = (secret: string) => crypto.createHash("sha256").update(secret, "utf8").digest("hex");

export type ApiKeyView = Omit<ApiKey, "hash">;
const viewOf = ({ hash: _hash, ...rest }: ApiKey): ApiKeyView => rest;

export type CreateKeyResult =
  | { ok: true; key: ApiKeyView; secret: string }
  | { ok: false; errors: { name?: string; scopes?: string } };

/** Why a request's key was refused (401 for all of them: a caller learns nothing more). */
export type Authentication =
  | { ok: true; key: ApiKeyView }
  | { ok: false; reason: "missing" | "malformed" | "unknown" | "revoked" }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

export interface ApiKeysDeps {
  store: Store;
  audit: (record: AuditRecord) => Promise<unknown>;
  limiter: RateLimiter;
  /** Requests per key per minute. */
  perMinute: number;
  clock?: () => Date;
}

export function createApiKeysService({ store, audit, limiter, perMinute, clock = () => new Date() }: ApiKeysDeps) {
  return {
    scopes: API_SCOPES,

    async list(): Promise<ApiKeyView[]> {
      return (await store.apiKeys.list()).map(viewOf);
    },

    /** A new key; its secret is in the answer and nowhere else, ever. */
    async create(actor: string, input: { name: string; scopes: string[] }): Promise<CreateKeyResult> {
      const name = input.name.trim();
      const errors: { name?: string; scopes?: string } = {};
      if (!name) errors.name = "Enter a name for the key.";
      else if (name.length > 80) errors.name = "The name can be at most 80 characters.";
      const scopes = [...new Set(input.scopes)];
      if (scopes.length === 0) errors.scopes = "Choose at least one permission.";
      else if (!scopes.every(isApiScope)) errors.scopes = "Choose permissions from the list.";
      if (errors.name || errors.scopes) return { ok: false, errors };
      const secret = API_KEY_PREFIX + crypto.randomBytes(32).toString("base64url");
      const key: ApiKey = {
        id: crypto.randomBytes(8).toString("hex"),
        name,
        prefix: secret.slice(0, SHOWN),
        hash: hashApiKey(secret),
        // In the list's order, so the back office and the audit log read the same way every time.
        scopes: API_SCOPES.filter((s) => scopes.includes(s)),
        createdAt: clock().toISOString(),
        createdBy: actor,
        revokedAt: null,
        lastUsedAt: null,
      };
      await store.apiKeys.create(key);
      await audit({
        actor,
        entityType: "api-key",
        entityId: key.id,
        action: "create",
        summary: `Created API key “${key.name}” (${key.scopes.join(", ")})`,
        after: viewOf(key),
      });
      return { ok: true, key: viewOf(key), secret };
    },

    async revoke(actor: string, id: string): Promise<{ ok: true; name: string } | { ok: false; message: string }> {
      const key = await store.apiKeys.get(id);
      if (!key) return { ok: false, message: "There is no such key." };
      if (!(await store.apiKeys.revoke(id, clock().toISOString())))
        return { ok: false, message: `The key “${key.name}” is already revoked.` };
      await audit({
        actor,
        entityType: "api-key",
        entityId: id,
        action: "revoke",
        summary: `Revoked API key “${key.name}”`,
        before: viewOf(key),
      });
      return { ok: true, name: key.name };
    },

    /** The key of an `Authorization: Bearer hml_…` header, counted against its rate limit. */
    async authenticate(authorization: string | null): Promise<Authentication> {
      if (!authorization) return { ok: false, reason: "missing" };
      const match = /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(authorization.trim());
      if (!match || !match[1]!.startsWith(API_KEY_PREFIX)) return { ok: false, reason: "malformed" };
      const key = await store.apiKeys.findByHash(hashApiKey(match[1]!));
      if (!key) return { ok: false, reason: "unknown" };
      if (key.revokedAt) return { ok: false, reason: "revoked" };
      const wait = await limiter.hit(`api-key:${key.id}`, { max: perMinute, windowMs: 60_000 });
      if (wait > 0) return { ok: false, reason: "rate-limited", retryAfterSeconds: wait };
      const now = clock();
      const due = new Date(now.getTime() - LAST_USED_INTERVAL_MS).toISOString();
      // Read with the key already: a write only when the stored time is a minute old.
      if (key.lastUsedAt === null || key.lastUsedAt < due) {
        await store.apiKeys.touch(key.id, now.toISOString(), due).catch((error) => {
          console.error("The API key's last-used time could not be written; the next request tries again", error);
        });
      }
      return { ok: true, key: viewOf(key) };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;

export const hasScope = (key: { scopes: readonly ApiScope[] }, scope: ApiScope) => key.scopes.includes(scope);
