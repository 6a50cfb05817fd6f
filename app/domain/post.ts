// Blog posts, shared by the UI, the services and every store adapter.

/** draft: never public; published and scheduled: public once publishAt has passed. */
export type PostStatus = "draft" | "published" | "scheduled";

export interface PostCover {
  /** /uploads/blog/{file} or a generated /media/v1 illustration. */
  url: string;
  alt: string;
}

export interface Post {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  /** Markdown source; rendered (raw HTML escaped) on the server only. */
  body: string;
  /** Null: the post shows a generated illustration. */
  cover: PostCover | null;
  tags: string[];
  status: PostStatus;
  /** ISO date the post is (or becomes) public; null for a draft that was never given one. */
  publishAt: string | null;
  readingMinutes: number;
  createdAt: string;
  updatedAt: string;
}

/** What a caller provides to create or replace a post; the store sets timestamps when absent. */
export type PostInput = Omit<Post, "createdAt" | "updatedAt"> & {
  createdAt?: string;
  updatedAt?: string;
};
