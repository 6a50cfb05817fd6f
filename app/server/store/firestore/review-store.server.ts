import crypto from "node:crypto";
import type { Firestore } from "firebase-admin/firestore";
import { firestoreSdk } from "~/server/firebase-sdk.server";
import type { ReviewStore } from "../port";
import { reviewIdFor } from "../review-id";
import type { RatingSummary, Review, ReviewStatus } from "~/domain/review";
import { available, availableTransaction, healthProbe } from "./availability.server";

// reviews/{reviewIdFor(product, buyer)}: the Review without its id — one document per buyer and
// product, created in a transaction, so a second review (on any instance) finds the first.
// reviews/{id}/votes/{hash of the voter}: one helpful vote per shopper and review.
// reviewSummaries/{productId}: { count, total, version } of the product's approved reviews, written
// in the same transaction as an approval or rejection. Nothing is written per order, and no
// document is shared by the whole shop: each product has its own summary.

const EMPTY: RatingSummary = { count: 0, total: 0, version: 0 };

const toReview = (id: string, d: FirebaseFirestore.DocumentData): Review => ({
  id,
  productId: d.productId,
  userId: d.userId,
  authorName: d.authorName,
  stars: d.stars,
  title: d.title,
  text: d.text,
  status: d.status as ReviewStatus,
  helpfulCount: d.helpfulCount ?? 0,
  createdAt: d.createdAt,
  moderatedAt: d.moderatedAt ?? null,
  moderatedBy: d.moderatedBy ?? null,
});

const toSummary = (snap: FirebaseFirestore.DocumentSnapshot): RatingSummary =>
  snap.exists
    ? { count: snap.get("count") as number, total: snap.get("total") as number, version: snap.get("version") as number }
    : { ...EMPTY };

/** Vote documents are named by a hash of the voter, so any id is a valid document name. */
const voteKey = (voterId: string) => crypto.createHash("sha256").update(voterId).digest("base64url").slice(0, 32);

export function createFirestoreReviewStore(db: Firestore): ReviewStore {
  const probe = healthProbe(db);
  const reviews = db.collection("reviews");
  const summaries = db.collection("reviewSummaries");
  const votes = (reviewId: string) => reviews.doc(reviewId).collection("votes");

  return {
    async create(input) {
      const id = reviewIdFor(input.productId, input.userId);
      const ref = reviews.doc(id);
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          if ((await tx.get(ref)).exists) return null;
          tx.create(ref, { ...input });
          return { id, ...input };
        }),
      );
    },
    async get(id) {
      const snap = await available(() => reviews.doc(id).get());
      return snap.exists ? toReview(id, snap.data()!) : null;
    },
    async listApproved(productId, { sort, limit, offset }) {
      const approved = reviews.where("productId", "==", productId).where("status", "==", "approved");
      const ordered =
        sort === "helpful"
          ? approved.orderBy("helpfulCount", "desc").orderBy("createdAt", "desc")
          : approved.orderBy("createdAt", "desc");
      const [page, count] = await available(() =>
        Promise.all([ordered.offset(offset).limit(limit).get(), approved.count().get()]),
      );
      return { reviews: page.docs.map((d) => toReview(d.id, d.data())), total: count.data().count };
    },
    async listByStatus(status, { limit, offset }) {
      const matching = reviews.where("status", "==", status);
      const [page, count] = await available(() =>
        Promise.all([matching.orderBy("createdAt", "desc").offset(offset).limit(limit).get(), matching.count().get()]),
      );
      return { reviews: page.docs.map((d) => toReview(d.id, d.data())), total: count.data().count };
    },
    async moderate(id, change) {
      const ref = reviews.doc(id);
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(ref);
          if (!snap.exists) return { kind: "not-found" as const };
          const before = toReview(id, snap.data()!);
          if (before.status === change.to) return { kind: "unchanged" as const, review: before };
          const summaryRef = summaries.doc(before.productId);
          const previous = toSummary(await tx.get(summaryRef));
          // Only a review entering or leaving "approved" changes the numbers; the version grows anyway.
          const sign = change.to === "approved" ? 1 : before.status === "approved" ? -1 : 0;
          const summary: RatingSummary = {
            count: previous.count + sign,
            total: previous.total + sign * before.stars,
            version: previous.version + 1,
          };
          const review: Review = { ...before, status: change.to, moderatedAt: change.at, moderatedBy: change.by };
          tx.update(ref, { status: change.to, moderatedAt: change.at, moderatedBy: change.by });
          tx.set(summaryRef, summary);
          return { kind: "ok" as const, before, review, summary };
        }),
      );
    },
    async voteHelpful(reviewId, voterId, at) {
      const ref = reviews.doc(reviewId);
      const voteRef = votes(reviewId).doc(voteKey(voterId));
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const [review, vote] = await tx.getAll(ref, voteRef);
          if (!review.exists) return "not-found" as const;
          if (vote.exists) return "already" as const;
          tx.create(voteRef, { at });
          tx.update(ref, { helpfulCount: firestoreSdk().FieldValue.increment(1) });
          return "counted" as const;
        }),
      );
    },
    async votedBy(voterId, reviewIds) {
      if (reviewIds.length === 0) return [];
      const key = voteKey(voterId);
      const snaps = await available(() => db.getAll(...reviewIds.map((id) => votes(id).doc(key))));
      return reviewIds.filter((_, i) => snaps[i].exists);
    },
    async summary(productId) {
      return toSummary(await available(() => summaries.doc(productId).get()));
    },
  };
}
