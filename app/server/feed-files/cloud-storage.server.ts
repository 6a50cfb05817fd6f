import { unreachable, type Bucket } from "~/server/media/cloud-storage.server";
import { streamWriter } from "./stream-writer";
import {
  assertFeedFileRef,
  assertGroup,
  FeedStorageUnavailableError,
  type FeedFileRef,
  type FeedFileStore,
  type OpenedFeedFile,
} from "./port";

// Feed files in Cloud Storage (the Firebase backend): the object feeds/{group}/{key}.{format} and
// its .gz, with the catalogue-version key and builtAt as custom metadata. The one instance that
// builds a feed uploads it as a stream (one request, never the whole file in memory); every
// instance lists the group and streams the newest object to its clients. An upload becomes
// visible only once complete. A download that began before its object was removed may be cut
// (Cloud Storage keeps no removed generation here): the older object is removed only after the
// newer is in place, and a crawler told Content-Length sees a cut transfer for what it is.

type StoredFile = ReturnType<Bucket["file"]>;

const PREFIX = "feeds";
const objectOf = (file: FeedFileRef) => {
  assertFeedFileRef(file);
  return `${PREFIX}/${file.group}/${file.key}.${file.format}${file.gzip ? ".gz" : ""}`;
};

const notFound = (error: unknown) => (error as { code?: unknown }).code === 404;

/**
 * The client retries an unreachable Storage for minutes; a crawler's fetch is answered sooner
 * instead, with a 503 (FeedStorageUnavailableError) it retries later. Listing and reading an
 * object's metadata take well under a second when Storage is up.
 */
const TIMEOUT_MS = 5_000;

async function within<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new FeedStorageUnavailableError(what, new Error(`no answer in ${TIMEOUT_MS} ms`))),
      TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } catch (error) {
    if (error instanceof FeedStorageUnavailableError || !unreachable(error)) throw error;
    throw new FeedStorageUnavailableError(what, error);
  } finally {
    clearTimeout(timer);
  }
}

function opened(object: StoredFile, metadata: StoredFile["metadata"]): OpenedFeedFile {
  const custom = metadata.metadata ?? {};
  return {
    key: String(custom.key ?? ""),
    builtAt: new Date(String(custom.builtAt ?? metadata.timeCreated)),
    size: Number(metadata.size),
    // The generation listed: a newer object under the same name is never mixed into this one. No
    // checksum of 1.7 GB on every send: the upload was checked when it was stored.
    read: () => object.createReadStream({ validation: false }),
    close: async () => undefined,
  };
}

export function createCloudStorageFeedFiles(bucket: Bucket): FeedFileStore {
  return {
    async create(file, builtAt) {
      const object = bucket.file(objectOf(file));
      const stream = object.createWriteStream({
        // One streamed request: the body is sent as it is written, never gathered first.
        resumable: false,
        contentType: file.gzip
          ? "application/gzip"
          : file.format === "xml"
            ? "application/xml"
            : "text/tab-separated-values",
        metadata: { metadata: { key: file.key, builtAt: builtAt.toISOString() } },
      });
      // An upload cut before its end is never stored. Nothing is deleted on abort: an object of this
      // name may be another instance's build of the same catalogue version, in place meanwhile.
      return streamWriter(stream);
    },
    async exists(file) {
      const [found] = await within(bucket.file(objectOf(file)).exists(), "Looking for a product feed");
      return found;
    },
    async open(file) {
      const object = bucket.file(objectOf(file));
      try {
        const [metadata] = await within(object.getMetadata(), "Opening a product feed");
        return opened(bucket.file(object.name, { generation: metadata.generation }), metadata);
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async newest(group, format) {
      assertGroup(group);
      const [objects] = await within(bucket.getFiles({ prefix: `${PREFIX}/${group}/` }), "Listing the product feeds");
      const feeds = objects
        .filter((object) => object.name.endsWith(`.${format}`))
        .map((object) => opened(bucket.file(object.name, { generation: object.metadata.generation }), object.metadata));
      feeds.sort((a, b) => b.builtAt.getTime() - a.builtAt.getTime());
      return feeds[0] ?? null;
    },
    async removeOlder(group, keep) {
      assertGroup(group);
      const [objects] = await within(bucket.getFiles({ prefix: `${PREFIX}/${group}/` }), "Listing the product feeds");
      await Promise.all(
        objects
          .filter((object) => !object.name.slice(`${PREFIX}/${group}/`.length).startsWith(`${keep}.`))
          .map((object) => object.delete({ ignoreNotFound: true })),
      );
    },
  };
}
