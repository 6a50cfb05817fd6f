// npm run dev:firebase: the whole shop on the Firebase backend, against local emulators.
// Starts Google's Firestore emulator (under firestore.rules) and firebase-tools' Auth and
// Storage emulators, then `npm start` with SHOP_BACKEND=firebase pointed at them (products are
// seeded into Firestore when empty; uploaded images go to the Storage emulator).
// Ports: FIRESTORE_PORT (default 8085), AUTH_PORT (default 9099), STORAGE_PORT (default 9199), PORT (default 3000).
// SHOP_INSTANCES (default 1): how many shop processes share the emulators.
import { spawn } from "node:child_process";
import { startAuthEmulator } from "./emulators/auth";
import { startFirestoreEmulator } from "./emulators/firestore";
import { startStorageEmulator } from "./emulators/storage";

const projectId = process.env.GCLOUD_PROJECT ?? "demo-hemline";
const [firestore, auth, storage] = await Promise.all([
  startFirestoreEmulator({ port: Number(process.env.FIRESTORE_PORT ?? 8085) }),
  startAuthEmulator({ projectId, port: Number(process.env.AUTH_PORT ?? 9099) }),
  startStorageEmulator({ projectId, port: Number(process.env.STORAGE_PORT ?? 9199) }),
]);
console.log(
  `Firestore emulator on ${firestore.host}, Auth emulator on ${auth.host}, Storage emulator on ${storage.host} (project ${projectId})`,
);

// SHOP_INSTANCES=n starts n shop processes on PORT, PORT+1, …, each with a DATA_DIR of its own,
// sharing only the emulators: several instances of one shop, as on Cloud Run or several hosts.
const instances = Math.max(1, Number(process.env.SHOP_INSTANCES ?? 1));
const basePort = Number(process.env.PORT ?? 3000);
const baseDataDir = process.env.DATA_DIR ?? "./data/firebase";
const apps = Array.from({ length: instances }, (_, i) =>
  spawn(process.execPath, ["scripts/start.mjs"], {
    stdio: "inherit",
    env: {
      ...process.env,
      SHOP_BACKEND: "firebase",
      GCLOUD_PROJECT: projectId,
      FIRESTORE_EMULATOR_HOST: firestore.host,
      FIREBASE_AUTH_EMULATOR_HOST: auth.host,
      FIREBASE_STORAGE_EMULATOR_HOST: storage.host,
      // Off Google Cloud: the Google clients need not look for a metadata server (they warn on each try).
      METADATA_SERVER_DETECTION: "none",
      PORT: String(basePort + i),
      DATA_DIR: instances === 1 ? baseDataDir : `${baseDataDir}/instance-${i + 1}`,
    },
  }),
);

async function stop(code: number) {
  await Promise.all([firestore.stop(), auth.stop(), storage.stop()]);
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => apps.forEach((app) => app.kill(signal)));
let running = apps.length;
// The first instance to stop stops the others: one shop, up or down as a whole.
for (const app of apps) {
  app.on("exit", (code) => {
    running -= 1;
    if (running > 0) apps.forEach((other) => other.exitCode === null && other.kill("SIGTERM"));
    else void stop(code ?? 0);
  });
}
