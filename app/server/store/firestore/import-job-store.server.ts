import type { DocumentData, Firestore } from "firebase-admin/firestore";
import type { ImportJob } from "~/domain/import-job";
import type { ImportJobStore } from "../port";
import { available, availableTransaction, healthProbe } from "./availability.server";

// importJobs/{token}: the job without its file (what progress pages poll), with `csvChunks`;
// importJobs/{token}/chunks/{n}: the file in pieces of at most CHUNK_BYTES of UTF-8, because a
// document holds at most 1 MiB and a file may be 10 MB. The job document is written first and
// the token is handed out only after every piece is stored, so nobody reads a partial file.

const JOBS = "importJobs";
/** Under the 1 MiB document limit with room for the field name and the document's path. */
export const CHUNK_BYTES = 900_000;
/** Old jobs deleted per sweep; the next upload sweeps the rest. */
const SWEEP_LIMIT = 20;

/** Split text into pieces of at most `maxBytes` of UTF-8, never inside a character. */
export function splitUtf8(text: string, maxBytes: number): string[] {
  const bytes = Buffer.from(text, "utf8");
  const pieces: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + maxBytes, bytes.length);
    // 10xxxxxx is the continuation of a character: step back to where the character starts.
    while (end < bytes.length && (bytes[end] & 0xc0) === 0x80) end -= 1;
    pieces.push(bytes.subarray(start, end).toString("utf8"));
    start = end;
  }
  return pieces;
}

const fromDoc = (data: DocumentData): ImportJob => ({
  token: data.token,
  fileName: data.fileName,
  actor: data.actor,
  createdAt: data.createdAt,
  updatedAt: data.updatedAt,
  status: data.status,
  progress: data.progress,
  result: data.result ?? null,
  claim: data.claim ?? null,
});

export function createFirestoreImportJobStore(db: Firestore): ImportJobStore {
  const jobs = db.collection(JOBS);
  const probe = healthProbe(db);
  const chunkRef = (token: string, n: number) => jobs.doc(token).collection("chunks").doc(String(n).padStart(4, "0"));

  return {
    async create(job, csv) {
      const pieces = splitUtf8(csv, CHUNK_BYTES);
      await available(() => jobs.doc(job.token).create({ ...job, csvChunks: pieces.length }));
      try {
        // One write per piece: a batch of them could pass the 10 MiB limit of one request.
        await Promise.all(pieces.map((text, n) => available(() => chunkRef(job.token, n).create({ text }))));
      } catch (error) {
        await available(async () => {
          const batch = db.batch();
          pieces.forEach((_, n) => batch.delete(chunkRef(job.token, n)));
          batch.delete(jobs.doc(job.token));
          await batch.commit();
        }).catch(() => {});
        throw error;
      }
    },
    async get(token) {
      const snap = await available(() => jobs.doc(token).get());
      return snap.exists ? fromDoc(snap.data()!) : null;
    },
    async csv(token) {
      const snap = await available(() => jobs.doc(token).get());
      if (!snap.exists) return null;
      const count = snap.get("csvChunks") as number;
      if (count === 0) return "";
      const refs = Array.from({ length: count }, (_, n) => chunkRef(token, n));
      const pieces = await available(() => db.getAll(...refs));
      if (pieces.some((p) => !p.exists)) throw new Error(`Import ${token}: its file is incomplete`);
      return pieces.map((p) => p.get("text") as string).join("");
    },
    async claim(token, { owner, actor, at, staleBefore }) {
      const ref = jobs.doc(token);
      // Instances racing for one job contend on one document: a slow transaction is not a down database.
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(ref);
          if (!snap.exists) return null;
          const job = fromDoc(snap.data()!);
          const free =
            job.status === "planned" || (job.status === "running" && job.claim !== null && job.claim.at < staleBefore);
          if (!free) return null;
          const claimed: ImportJob = { ...job, status: "running", actor, claim: { owner, at }, updatedAt: at };
          tx.update(ref, { status: claimed.status, actor, claim: claimed.claim, updatedAt: at });
          return claimed;
        }),
      );
    },
    async update(token, owner, { status, progress, result, at }) {
      const ref = jobs.doc(token);
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(ref);
          if (!snap.exists || (snap.get("claim") as ImportJob["claim"])?.owner !== owner) return false;
          tx.update(ref, { status, progress, result, claim: { owner, at }, updatedAt: at });
          return true;
        }),
      );
    },
    async sweep(createdBefore) {
      const old = await available(() => jobs.where("createdAt", "<", createdBefore).limit(SWEEP_LIMIT).get());
      await Promise.all(
        old.docs.map((doc) =>
          available(async () => {
            // At most a dozen pieces and the job: one batch, far under its 500 writes.
            const batch = db.batch();
            for (let n = 0; n < ((doc.get("csvChunks") as number) ?? 0); n += 1) batch.delete(chunkRef(doc.id, n));
            batch.delete(doc.ref);
            await batch.commit();
          }),
        ),
      );
      return old.size;
    },
  };
}
