import type { Config } from "~/server/config.server";

/** What the browser needs for the Google popup: only on the Firebase backend. */
export interface GoogleClientConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** "http://host:port" of the Auth emulator, when used. */
  emulatorUrl: string | null;
}

export function googleClientConfig(config: Config): GoogleClientConfig | null {
  const { projectId, apiKey, authEmulatorHost } = config.firebase;
  if (config.backend !== "firebase" || !projectId || !apiKey) return null;
  return {
    apiKey,
    authDomain: `${projectId}.firebaseapp.com`,
    projectId,
    emulatorUrl: authEmulatorHost ? `http://${authEmulatorHost}` : null,
  };
}
