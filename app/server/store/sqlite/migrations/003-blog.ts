// Blog posts. Tags are a JSON array of normalised tags; dates are ISO strings like every table.
export default `
CREATE TABLE posts (
  id TEXT PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  excerpt TEXT NOT NULL,
  body TEXT NOT NULL,
  cover_url TEXT,
  cover_alt TEXT,
  tags TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL CHECK (status IN ('draft', 'published', 'scheduled')),
  publish_at TEXT,
  reading_minutes INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX posts_publish_at ON posts (publish_at);
`;
