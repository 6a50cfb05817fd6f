// A thin client for the Firebase Auth (Identity Toolkit) REST API, called from the server so
// sign-in, registration and reset work from plain HTML forms.

export interface ToolkitOptions {
  apiKey: string;
  /** host:port of the Auth emulator, when used. */
  emulatorHost?: string;
}

export class ToolkitError extends Error {
  constructor(
    /** Firebase's error code, e.g. INVALID_LOGIN_CREDENTIALS or "WEAK_PASSWORD : Password should be…" */
    readonly code: string,
  ) {
    super(code);
    this.name = "ToolkitError";
  }
}

export function toolkitBaseUrl(options: ToolkitOptions): string {
  return options.emulatorHost
    ? `http://${options.emulatorHost}/identitytoolkit.googleapis.com/v1`
    : "https://identitytoolkit.googleapis.com/v1";
}

export async function callToolkit<T>(
  options: ToolkitOptions,
  method: string,
  body: Record<string, unknown>,
): Promise<T> {
  const url = `${toolkitBaseUrl(options)}/${method}?key=${encodeURIComponent(options.apiKey)}`;
  const send = () =>
    fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  let response: Response;
  try {
    response = await send();
  } catch (first) {
    // A pooled keep-alive socket closed by the server fails before the request is sent: try once more.
    const code = (first as { cause?: { code?: string } }).cause?.code;
    if (code !== "UND_ERR_SOCKET" && code !== "ECONNRESET") {
      console.error(`Identity Toolkit ${method} failed:`, first);
      throw new ToolkitError("NETWORK_ERROR");
    }
    try {
      response = await send();
    } catch (second) {
      console.error(`Identity Toolkit ${method} failed:`, second);
      throw new ToolkitError("NETWORK_ERROR");
    }
  }
  const json = (await response.json().catch(() => ({}))) as { error?: { message?: string } } & T;
  if (!response.ok) throw new ToolkitError(json.error?.message ?? `HTTP_${response.status}`);
  return json;
}
