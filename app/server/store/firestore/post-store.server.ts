import type { Firestore } from "firebase-admin/firestore";
import { PostSlugTakenError, type PostStore } from "../port";
import type { Post } from "~/domain/post";
import { available } from "./availability.server";

// posts/{id}: the whole post, exactly the Post type (dates as ISO strings, like the SQLite adapter).
// postSlugs/{slug}: { postId }, so a slug is unique across posts (Firestore has no unique index).
// A shop's blog is small: list() reads every post and orders it here, as the SQLite adapter does.

const POSTS = "posts";
const SLUGS = "postSlugs";

function fromDoc(data: FirebaseFirestore.DocumentData): Post {
  return { ...(data as Post), cover: data.cover ?? null, publishAt: data.publishAt ?? null };
}

/** Undated posts first, then newest publishAt, then newest createdAt, then id. */
export function comparePosts(a: Post, b: Post): number {
  if ((a.publishAt === null) !== (b.publishAt === null)) return a.publishAt === null ? -1 : 1;
  if (a.publishAt && b.publishAt && a.publishAt !== b.publishAt) return a.publishAt < b.publishAt ? 1 : -1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function createFirestorePostStore(db: Firestore): PostStore {
  const posts = db.collection(POSTS);
  const slugs = db.collection(SLUGS);

  return {
    async get(id) {
      const snap = await available(() => posts.doc(id).get());
      return snap.exists ? fromDoc(snap.data()!) : null;
    },
    async getBySlug(slug) {
      const owner = await available(() => slugs.doc(slug).get());
      if (!owner.exists) return null;
      return this.get(owner.data()!.postId as string);
    },
    async list() {
      const snap = await available(() => posts.get());
      return snap.docs.map((d) => fromDoc(d.data())).sort(comparePosts);
    },
    async count() {
      const snap = await available(() => posts.count().get());
      return snap.data().count;
    },
    async save(input) {
      return available(() =>
        db.runTransaction(async (tx) => {
          const ref = posts.doc(input.id);
          const [existing, slugSnap] = await Promise.all([tx.get(ref), tx.get(slugs.doc(input.slug))]);
          const owner = slugSnap.exists ? (slugSnap.data()?.postId as string) : undefined;
          if (owner && owner !== input.id) throw new PostSlugTakenError(input.slug);
          const previous = existing.exists ? fromDoc(existing.data()!) : undefined;
          const now = new Date().toISOString();
          const post: Post = {
            ...input,
            createdAt: input.createdAt ?? previous?.createdAt ?? now,
            updatedAt: input.updatedAt ?? now,
          };
          if (previous && previous.slug !== post.slug) tx.delete(slugs.doc(previous.slug));
          tx.set(ref, post);
          tx.set(slugs.doc(post.slug), { postId: post.id });
          return post;
        }),
      );
    },
    async delete(id) {
      return available(() =>
        db.runTransaction(async (tx) => {
          const ref = posts.doc(id);
          const snap = await tx.get(ref);
          if (!snap.exists) return false;
          tx.delete(ref);
          tx.delete(slugs.doc((snap.data() as Post).slug));
          return true;
        }),
      );
    },
  };
}
