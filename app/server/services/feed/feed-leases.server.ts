import crypto from "node:crypto";
import os from "node:os";
import type { LeaseStore } from "~/server/leases/port";

// Which instance builds a product feed (decision 0034): the one holding the feed's lease,
// leases/feed-{group} on Firebase (a row on the embedded backend), renewed every third of its
// length while the build and the gzipping after it run, released when they end. An instance that
// dies stops renewing it; another takes the feed over once it lapses. A build whose lease lapsed
// (its process hung, or lost the database) is thrown away rather than kept beside the new holder's.

/** A lease on one feed held by this process, renewed until released. */
export interface Held {
  /** True once the lease could not be renewed before it lapsed: the build must not be kept. */
  lost(): boolean;
  release(): Promise<void>;
}

/** This process's lease on a feed lapsed during its build: another instance builds it. */
export class LeaseLostError extends Error {
  constructor() {
    super("the build's lease lapsed before it ended; another instance builds this feed");
  }
}

/** Leases when no store is given: this process alone holds them (one process, tests). */
export function processLeases(): LeaseStore {
  const held = new Map<string, { holder: string; until: number }>();
  return {
    async take(name, holder, ttlMs, now = new Date()) {
      const current = held.get(name);
      if (current && current.holder !== holder && current.until > now.getTime()) return false;
      held.set(name, { holder, until: now.getTime() + ttlMs });
      return true;
    },
    async release(name, holder) {
      if (held.get(name)?.holder === holder) held.delete(name);
    },
  };
}

export function feedLeases(leases: LeaseStore, leaseMs: number) {
  /** This process (and this feed service in it) as a lease holder. */
  const holder = `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  // This process's leases, by group: a build and the gzipping after it share one, renewed until the last lets go.
  const holds = new Map<string, { users: number; lost: () => boolean; stop: () => Promise<void> }>();

  /** Takes (or shares) the lease on a group's builds; null when another instance holds it. */
  async function hold(group: string): Promise<Held | null> {
    let entry = holds.get(group);
    if (!entry) {
      const name = `feed-${group}`;
      const asked = Date.now();
      if (!(await leases.take(name, holder, leaseMs))) return null;
      // From when it was asked for: the lease runs from the store's answer, which may come later.
      let renewedAt = asked;
      let refused = false;
      // Renewed while held: a build of 100,000 products takes longer than a lease.
      let renewing: Promise<unknown> = Promise.resolve();
      const timer = setInterval(() => {
        const asked = Date.now();
        renewing = leases.take(name, holder, leaseMs).then(
          (ok) => (ok ? (renewedAt = asked) : (refused = true)),
          // Not answered: tried again at the next tick; lost() tells once the lease may have lapsed.
          () => undefined,
        );
      }, leaseMs / 3);
      timer.unref();
      const created = {
        users: 0,
        lost: () => refused || Date.now() - renewedAt >= leaseMs,
        stop: async () => {
          clearInterval(timer);
          holds.delete(group);
          // Lapsed: another instance may hold it now. (A renewal that never answers is not waited for.)
          if (created.lost()) return;
          // A renewal still on its way would take the lease again after the release.
          await renewing;
          if (!created.lost()) await leases.release(name, holder).catch(() => undefined);
        },
      };
      // Another caller may have taken it while this one waited for the store.
      entry = holds.get(group) ?? created;
      if (entry !== created) clearInterval(timer);
      holds.set(group, entry);
    }
    const shared = entry;
    shared.users++;
    let released = false;
    return {
      lost: shared.lost,
      async release() {
        if (released) return;
        released = true;
        if (--shared.users === 0) await shared.stop();
      },
    };
  }

  return { hold };
}
