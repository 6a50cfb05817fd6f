import type { ReviewStore } from "../port";
import type { RatingSummary, Review, ReviewStatus } from "~/domain/review";
import { reviewIdFor } from "../review-id";
import type { SqliteDatabase } from "./database.server";

interface ReviewRow {
  id: string;
  product_id: string;
  user_id: string;
  author_name: string;
  stars: number;
  title: string;
  text: string;
  status: string;
  helpful_count: number;
  created_at: string;
  moderated_at: string | null;
  moderated_by: string | null;
}

const fromRow = (r: ReviewRow): Review => ({
  id: r.id,
  productId: r.product_id,
  userId: r.user_id,
  authorName: r.author_name,
  stars: r.stars,
  title: r.title,
  text: r.text,
  status: r.status as ReviewStatus,
  helpfulCount: r.helpful_count,
  createdAt: r.created_at,
  moderatedAt: r.moderated_at,
  moderatedBy: r.moderated_by,
});

const EMPTY: RatingSummary = { count: 0, total: 0, version: 0 };

export function createSqliteReviewStore(db: SqliteDatabase): ReviewStore {
  // The unique key (product, buyer) refuses a second review whatever its id.
  const insert = db.prepare(
    `INSERT INTO reviews (id, product_id, user_id, author_name, stars, title, text, status, helpful_count, created_at, moderated_at, moderated_by)
     VALUES (@id, @productId, @userId, @authorName, @stars, @title, @text, @status, @helpfulCount, @createdAt, @moderatedAt, @moderatedBy)
     ON CONFLICT DO NOTHING`,
  );
  const get = db.prepare<[string], ReviewRow>("SELECT * FROM reviews WHERE id = ?");
  const newest = db.prepare<[string, number, number], ReviewRow>(
    "SELECT * FROM reviews WHERE product_id = ? AND status = 'approved' ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?",
  );
  const helpful = db.prepare<[string, number, number], ReviewRow>(
    "SELECT * FROM reviews WHERE product_id = ? AND status = 'approved' ORDER BY helpful_count DESC, created_at DESC, id DESC LIMIT ? OFFSET ?",
  );
  const countApproved = db.prepare<[string], { n: number }>(
    "SELECT COUNT(*) AS n FROM reviews WHERE product_id = ? AND status = 'approved'",
  );
  const byStatus = db.prepare<[string, number, number], ReviewRow>(
    "SELECT * FROM reviews WHERE status = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?",
  );
  const countStatus = db.prepare<[string], { n: number }>("SELECT COUNT(*) AS n FROM reviews WHERE status = ?");
  const setStatus = db.prepare<[string, string, string, string]>(
    "UPDATE reviews SET status = ?, moderated_at = ?, moderated_by = ? WHERE id = ?",
  );
  const summary = db.prepare<[string], RatingSummary>(
    "SELECT count, total, version FROM review_summaries WHERE product_id = ?",
  );
  const writeSummary = db.prepare(
    `INSERT INTO review_summaries (product_id, count, total, version) VALUES (@productId, @count, @total, @version)
     ON CONFLICT (product_id) DO UPDATE SET count = excluded.count, total = excluded.total, version = excluded.version`,
  );
  const vote = db.prepare<[string, string, string]>(
    "INSERT INTO review_votes (review_id, voter_id, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
  );
  const countVote = db.prepare<[string]>("UPDATE reviews SET helpful_count = helpful_count + 1 WHERE id = ?");

  const moderate = db.transaction((id: string, change: { to: "approved" | "rejected"; at: string; by: string }) => {
    const row = get.get(id);
    if (!row) return { kind: "not-found" as const };
    const before = fromRow(row);
    if (before.status === change.to) return { kind: "unchanged" as const, review: before };
    setStatus.run(change.to, change.at, change.by, id);
    const previous = summary.get(before.productId) ?? EMPTY;
    // Only a review entering or leaving "approved" changes the numbers; the version grows anyway.
    const sign = change.to === "approved" ? 1 : before.status === "approved" ? -1 : 0;
    const next: RatingSummary = {
      count: previous.count + sign,
      total: previous.total + sign * before.stars,
      version: previous.version + 1,
    };
    writeSummary.run({ productId: before.productId, ...next });
    return { kind: "ok" as const, before, review: fromRow(get.get(id)!), summary: next };
  });

  const voteOnce = db.transaction((reviewId: string, voterId: string, at: string) => {
    if (!get.get(reviewId)) return "not-found" as const;
    if (vote.run(reviewId, voterId, at).changes === 0) return "already" as const;
    countVote.run(reviewId);
    return "counted" as const;
  });

  return {
    async create(input) {
      const review: Review = { id: reviewIdFor(input.productId, input.userId), ...input };
      return insert.run({ ...review }).changes === 1 ? review : null;
    },
    async get(id) {
      const row = get.get(id);
      return row ? fromRow(row) : null;
    },
    async listApproved(productId, { sort, limit, offset }) {
      const rows = (sort === "helpful" ? helpful : newest).all(productId, limit, offset);
      return { reviews: rows.map(fromRow), total: countApproved.get(productId)!.n };
    },
    async listByStatus(status, { limit, offset }) {
      return { reviews: byStatus.all(status, limit, offset).map(fromRow), total: countStatus.get(status)!.n };
    },
    async moderate(id, change) {
      return moderate.immediate(id, change);
    },
    async voteHelpful(reviewId, voterId, at) {
      return voteOnce.immediate(reviewId, voterId, at);
    },
    async votedBy(voterId, reviewIds) {
      if (reviewIds.length === 0) return [];
      const rows = db
        .prepare<
          string[],
          { review_id: string }
        >(`SELECT review_id FROM review_votes WHERE voter_id = ? AND review_id IN (${reviewIds.map(() => "?").join(", ")})`)
        .all(voterId, ...reviewIds);
      return rows.map((r) => r.review_id);
    },
    async summary(productId) {
      return summary.get(productId) ?? { ...EMPTY };
    },
  };
}
