// npm run dev:firebase: the whole shop on the Firebase backend, against local emulators.
// Starts Google's Firestore emulator and firebase-tools' Auth and Storage emulators, then
// `npm start` with SHOP_BACKEND=firebase pointed at them (products are seeded into Firestore
// when empty; uploaded images go to the Storage emulator).
// Ports: FIRESTORE_PORT (default 8085), AUTH_PORT (default 9099), STORAGE_PORT (default 9199), PORT (default 3000).
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
console.log(`Firestore emulator on ${firestore.host}, Auth emulator on ${auth.host}, Storage emulator on ${storage.host} (project ${projectId})`);

const app = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    SHOP_BACKEND: "firebase",
    GCLOUD_PROJECT: projectId,
    FIRESTORE_EMULATOR_HOST: firestore.host,
    FIREBASE_AUTH_EMULATOR_HOST: auth.host,
    FIREBASE_STORAGE_EMULATOR_HOST: storage.host,
    DATA_DIR: process.env.DATA_DIR ?? "./data/firebase",
  },
});

async function stop(code: number) {
  await Promise.all([firestore.stop(), auth.stop(), storage.stop()]);
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => app.kill(signal));
app.on("exit", (code) => void stop(code ?? 0));
