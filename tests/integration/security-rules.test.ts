import crypto from "node:crypto";
import fs from "node:fs";
import {
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from "@firebase/rules-unit-testing";
import { deleteApp as deleteAdminApp, initializeApp as initializeAdminApp, type App } from "firebase-admin/app";
import { getFirestore as getAdminFirestore } from "firebase-admin/firestore";
import { getStorage as getAdminStorage } from "firebase-admin/storage";
import { deleteApp, initializeApp, type FirebaseApp } from "firebase/app";
import { connectAuthEmulator, createUserWithEmailAndPassword, getAuth } from "firebase/auth";
import {
  collection,
  collectionGroup,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getCountFromServer,
  getDoc,
  getDocs,
  getFirestore,
  limit,
  onSnapshot,
  query,
  setDoc,
  setLogLevel,
  updateDoc,
  where,
  type Firestore,
} from "firebase/firestore";
import {
  connectStorageEmulator,
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  getStorage,
  list,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  type FirebaseStorage,
} from "firebase/storage";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { firestoreCollectionsInSource } from "../support/firestore-collections";

// firestore.rules and storage.rules refuse every client: someone holding the shop's public web
// config (API key, project id, bucket), signed in or not, can read, list, query, listen to, write
// or delete nothing. The Firestore emulator runs the repository's firestore.rules (loaded at its
// start by scripts/emulators/firestore.ts); the shop's own Admin SDK still reads and writes.

/** One document in every collection the shop uses; a subcollection under a parent document. */
const DOCUMENTS = [
  "abandonedCheckouts/guest:cart-1",
  "apiKeys/key-1",
  "auditLog/entry-1",
  "authSessions/session-1",
  "carts/cart-1",
  "giftCardCodes/code-hash-1",
  "giftCards/card-1",
  "giftCards/card-1/giftCardLedger/issued",
  "importJobs/job-1",
  "importJobs/job-1/chunks/0001",
  "invoiceCounters/2026",
  "leases/catalogue-index",
  "leases/feed-group-1",
  "mail/mail-1",
  "markets/europe",
  "meta/health",
  "onceClaims/claim-1",
  "orderKeys/key-1",
  "orders/order-1",
  "pairedOrders/order-1",
  "paymentKeys/key-1",
  "postSlugs/hello",
  "posts/post-1",
  "productPairs/product-1__product-2",
  "productSlugs/linen-dress",
  "productTombstones/product-0",
  "products/product-1",
  "promotionCodes/save10",
  "promotionUsage/promotion-1",
  "promotions/promotion-1",
  "rateLimits/limit-1",
  "reviewSummaries/product-1",
  "reviews/review-1",
  "reminderOptOuts/optout-1",
  "reminderSettings/current",
  "reviews/review-1/votes/vote-1",
  "shippingZones/europe",
  "staffInvitations/invitation-1",
  "staffMembers/member-1",
  "stockAlerts/alert-1",
  "users/shopper-1",
  "users/shopper-1/addresses/address-1",
  "webhookDeliveries/delivery-1",
  "webhookEndpoints/endpoint-1",
  "webhookOutbox/order.paid:order-1:2:0",
  "wishlists/shopper-1",
];

/** Objects where the shop keeps them: product photos, blog covers, the catalogue index snapshot, the product feeds. */
const OBJECTS = [
  "products/0123-400.webp",
  "blog/cover.png",
  "indexes/catalogue-index.bin",
  "feeds/group-1/key-1.xml",
  "feeds/group-1/key-1.xml.gz",
];

const run = crypto.randomBytes(5).toString("hex");
const PROJECT_ID = `demo-hemline-rules-${run}`;
/** A project whose rules let any signed-in user read: proves the signed-in clients' tokens reach the rules. */
const CONTROL_PROJECT_ID = `demo-hemline-rules-control-${run}`;
const BUCKET = `${PROJECT_ID}.firebasestorage.app`;
/** What the emulator's Auth accepts as the web config's API key (config.server.ts uses the same). */
const API_KEY = "emulator-api-key";

const parentOf = (path: string) => path.slice(0, path.lastIndexOf("/"));
const collectionIdOf = (path: string) => parentOf(path).split("/").at(-1)!;
const collectionIdsOf = (path: string) => path.split("/").filter((_, i) => i % 2 === 0);

interface Client {
  firestore: Firestore;
  storage: FirebaseStorage;
}

type Attempt = { what: string; run: () => Promise<unknown> };

/** Every attempt that was not refused with `code`, as "what: outcome"; empty when all were. */
async function notRefused(attempts: Attempt[], code: string): Promise<string[]> {
  const outcomes = await Promise.all(
    attempts.map(async ({ what, run }) => {
      try {
        await run();
        return `${what}: allowed`;
      } catch (error) {
        const got = (error as { code?: string }).code;
        return got === code ? null : `${what}: failed with ${got ?? String(error)}, not ${code}`;
      }
    }),
  );
  return outcomes.filter((o): o is string => o !== null);
}

/**
 * Whether the server lets a listener in: its error, or its first snapshot from the server. The
 * client's own snapshots (a cache, its pending writes, which the other attempts make) say nothing.
 */
function listen(db: Firestore, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const unsubscribe = onSnapshot(
      doc(db, path),
      { includeMetadataChanges: true },
      (snapshot) => {
        if (snapshot.metadata.fromCache) return;
        unsubscribe();
        resolve();
      },
      (error) => {
        unsubscribe();
        reject(error);
      },
    );
  });
}

function firestoreAttempts(db: Firestore): Attempt[] {
  const collectionIds = [...new Set(DOCUMENTS.map(collectionIdOf))];
  return [
    ...DOCUMENTS.flatMap((path) => [
      { what: `get ${path}`, run: () => getDoc(doc(db, path)) },
      { what: `listen to ${path}`, run: () => listen(db, path) },
      { what: `create in ${parentOf(path)}`, run: () => setDoc(doc(db, `${parentOf(path)}/from-client`), { x: 1 }) },
      { what: `overwrite ${path}`, run: () => setDoc(doc(db, path), { tampered: true }) },
      { what: `update ${path}`, run: () => updateDoc(doc(db, path), { tampered: true }) },
      { what: `delete ${path}`, run: () => deleteDoc(doc(db, path)) },
      { what: `list ${parentOf(path)}`, run: () => getDocs(collection(db, parentOf(path))) },
      {
        what: `query ${parentOf(path)}`,
        run: () => getDocs(query(collection(db, parentOf(path)), where("seeded", "==", true), limit(1))),
      },
    ]),
    ...collectionIds.flatMap((id) => [
      { what: `collection group ${id}`, run: () => getDocs(collectionGroup(db, id)) },
      { what: `count collection group ${id}`, run: () => getCountFromServer(collectionGroup(db, id)) },
    ]),
  ];
}

function storageAttempts(storage: FirebaseStorage): Attempt[] {
  const bytes = new TextEncoder().encode("from a client");
  return [
    ...OBJECTS.flatMap((path) => [
      { what: `download ${path}`, run: () => getBytes(ref(storage, path)) },
      { what: `download URL of ${path}`, run: () => getDownloadURL(ref(storage, path)) },
      { what: `metadata of ${path}`, run: () => getMetadata(ref(storage, path)) },
      {
        what: `update metadata of ${path}`,
        run: () => updateMetadata(ref(storage, path), { cacheControl: "no-store" }),
      },
      { what: `overwrite ${path}`, run: () => uploadBytes(ref(storage, path), bytes) },
      { what: `delete ${path}`, run: () => deleteObject(ref(storage, path)) },
      { what: `list ${parentOf(path)}/`, run: () => list(ref(storage, parentOf(path)), { maxResults: 10 }) },
      {
        what: `upload to ${parentOf(path)}/`,
        run: () => uploadBytes(ref(storage, `${parentOf(path)}/new.webp`), bytes),
      },
    ]),
    { what: "list the bucket", run: () => listAll(ref(storage)) },
  ];
}

/**
 * The admin's own checks read the Storage emulator over a kept-alive socket, which a loaded machine's
 * emulator sometimes closes first ("socket hang up"). Such a read is asked again; what it finds is
 * asserted as before.
 */
async function transportRetried<T>(read: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      const transport = /socket hang up|ECONNRESET|ECONNREFUSED/.test(String((error as Error)?.message ?? error));
      if (!transport || attempt >= attempts) throw error;
    }
  }
}
describe("Firebase security rules refuse every client", () => {
  let admin: App;
  let testEnv: RulesTestEnvironment;
  let controlEnv: RulesTestEnvironment;
  const clientApps: FirebaseApp[] = [];
  const seeded = (path: string) => ({ seeded: true, path });

  /** The shop's public web config, as the browser gets it, signed in to the Auth emulator. */
  async function signedInShopper(projectId: string): Promise<Client> {
    const app = initializeApp(
      { apiKey: API_KEY, authDomain: `${projectId}.firebaseapp.com`, projectId, storageBucket: BUCKET },
      `shopper-${projectId}`,
    );
    clientApps.push(app);
    const auth = getAuth(app);
    connectAuthEmulator(auth, `http://${inject("authEmulatorHost")}`, { disableWarnings: true });
    await createUserWithEmailAndPassword(auth, `shopper-${crypto.randomUUID()}@example.com`, "a long passphrase 1");
    const firestore = getFirestore(app);
    const [firestoreHost, firestorePort] = inject("firestoreEmulatorHost").split(":");
    connectFirestoreEmulator(firestore, firestoreHost, Number(firestorePort));
    const storage = getStorage(app);
    const [storageHost, storagePort] = inject("storageEmulatorHost").split(":");
    connectStorageEmulator(storage, storageHost, Number(storagePort));
    return { firestore, storage };
  }

  /** rules-unit-testing's clients: the compat instances it returns are what the modular calls accept. */
  function contextClient(context: RulesTestContext): Client {
    return {
      firestore: context.firestore() as unknown as Firestore,
      storage: context.storage(`gs://${BUCKET}`) as unknown as FirebaseStorage,
    };
  }

  beforeAll(async () => {
    setLogLevel("silent");
    process.env.FIRESTORE_EMULATOR_HOST = inject("firestoreEmulatorHost");
    process.env.FIREBASE_STORAGE_EMULATOR_HOST = inject("storageEmulatorHost");
    const [host, port] = inject("firestoreEmulatorHost").split(":");
    const [storageHost, storagePort] = inject("storageEmulatorHost").split(":");
    // No `rules` given: the emulator keeps the rules it started with, the repository's.
    testEnv = await initializeTestEnvironment({
      projectId: PROJECT_ID,
      firestore: { host, port: Number(port) },
      storage: { host: storageHost, port: Number(storagePort) },
    });
    controlEnv = await initializeTestEnvironment({
      projectId: CONTROL_PROJECT_ID,
      firestore: {
        host,
        port: Number(port),
        rules: `rules_version = '2';
service cloud.firestore { match /databases/{d}/documents { match /{document=**} { allow read: if request.auth != null; } } }`,
      },
    });
    // The shop's own SDK writes a document into every collection and an object into the bucket.
    admin = initializeAdminApp({ projectId: PROJECT_ID }, `security-rules-${run}`);
    const batch = getAdminFirestore(admin).batch();
    for (const path of DOCUMENTS) batch.set(getAdminFirestore(admin).doc(path), seeded(path));
    await batch.commit();
    const bucket = getAdminStorage(admin).bucket(BUCKET);
    await Promise.all(OBJECTS.map((path) => bucket.file(path).save(Buffer.from(path), { resumable: false })));
  });

  afterAll(async () => {
    await Promise.all(clientApps.map((app) => deleteApp(app)));
    await Promise.all([testEnv?.cleanup(), controlEnv?.cleanup()]);
    if (admin) await deleteAdminApp(admin);
  });

  it("tests every collection the shop's source names, and no other", () => {
    const inSource = firestoreCollectionsInSource();
    expect(inSource.unresolved, "collection names the source computes: use a literal or a const").toEqual([]);
    const tested = new Set(DOCUMENTS.flatMap(collectionIdsOf));
    expect(
      [...inSource.ids].filter((id) => !tested.has(id)),
      "used by the shop but not tested here",
    ).toEqual([]);
    expect(
      [...tested].filter((id) => !inSource.ids.has(id)),
      "tested here but used nowhere",
    ).toEqual([]);
  });

  it("the clients' credentials reach the rules: a rule that lets signed-in users read tells them apart", async () => {
    const shopper = await signedInShopper(CONTROL_PROJECT_ID);
    const signedIn = [
      shopper.firestore,
      controlEnv.authenticatedContext("shopper-1").firestore() as unknown as Firestore,
    ];
    for (const db of signedIn) await expect(getDoc(doc(db, "users/shopper-1"))).resolves.toBeDefined();
    const anonymous = controlEnv.unauthenticatedContext().firestore() as unknown as Firestore;
    await expect(getDoc(doc(anonymous, "users/shopper-1"))).rejects.toMatchObject({ code: "permission-denied" });
  });

  describe.each([
    { name: "a visitor who is not signed in", make: async () => contextClient(testEnv.unauthenticatedContext()) },
    {
      name: "a signed-in shopper (rules-unit-testing token)",
      make: async () => contextClient(testEnv.authenticatedContext("shopper-1", { email: "shopper@example.com" })),
    },
    { name: "a shopper signed in with the web config (Auth emulator)", make: () => signedInShopper(PROJECT_ID) },
  ])("$name", ({ make }) => {
    let client: Client;
    beforeAll(async () => {
      client = await make();
    });

    it("reads, lists, queries, listens to, writes and deletes no document of any collection", async () => {
      expect(await notRefused(firestoreAttempts(client.firestore), "permission-denied")).toEqual([]);
      // Nothing changed: every document is as the shop wrote it, and no client document exists.
      const db = getAdminFirestore(admin);
      const docs = await db.getAll(...DOCUMENTS.map((path) => db.doc(path)));
      expect(docs.map((d) => d.data())).toEqual(DOCUMENTS.map(seeded));
      const created = await db.getAll(...DOCUMENTS.map((path) => db.doc(`${parentOf(path)}/from-client`)));
      expect(created.filter((d) => d.exists).map((d) => d.ref.path)).toEqual([]);
    });

    // The storage emulator here runs without its rules runtime (a download: see
    // scripts/emulators/storage-server.mjs), so it refuses every client request rather than
    // evaluating storage.rules; the test below reads storage.rules itself.
    it("reads, lists, writes and deletes no object in the bucket", async () => {
      expect(await notRefused(storageAttempts(client.storage), "storage/unauthorized")).toEqual([]);
      const bucket = getAdminStorage(admin).bucket(BUCKET);
      const [files] = await transportRetried(() => bucket.getFiles());
      expect(files.map((f) => f.name).sort()).toEqual([...OBJECTS].sort());
      for (const path of OBJECTS)
        expect((await transportRetried(() => bucket.file(path).download()))[0].toString()).toBe(path);
    });
  });

  it("storage.rules allows nothing: every allow statement is `if false`, and one covers every object", () => {
    const rules = fs.readFileSync("storage.rules", "utf8").replace(/\/\/.*$/gm, "");
    const allows = [...rules.matchAll(/\ballow\b[^;]*;/g)].map((m) => m[0].replace(/\s+/g, " "));
    expect(allows.length).toBeGreaterThan(0);
    expect(allows.filter((a) => !/^allow [a-z, ]+: if false;$/.test(a))).toEqual([]);
    expect(rules).toMatch(/match \/b\/\{bucket\}\/o \{\s*match \/\{allPaths=\*\*\} \{\s*allow read, write: if false;/);
  });
});
