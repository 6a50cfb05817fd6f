// The outbox of the shop on the Firebase backend: the Firestore collection `mail` (one document per
// message; see app/server/mail/firestore-outbox.server.ts), read from the Firestore emulator over its
// REST API, so a test process needs no firebase-admin app of its own.

export interface StoredMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string | null;
  /** The composed RFC 5322 message, as an .eml file would hold it. */
  rfc822: string;
  createdAt: string;
}

type Value = { stringValue?: string; timestampValue?: string; mapValue?: { fields?: Record<string, Value> } };

const text = (value: Value | undefined) => value?.stringValue ?? null;

/**
 * The newest messages in `mail` on the Firestore emulator at `host` (newest first), only those
 * sent to `to` when given.
 */
export async function newestMail(options: {
  host: string;
  projectId: string;
  to?: string;
  limit?: number;
}): Promise<StoredMail[]> {
  const url = `http://${options.host}/v1/projects/${options.projectId}/databases/(default)/documents:runQuery`;
  const structuredQuery = {
    from: [{ collectionId: "mail" }],
    ...(options.to
      ? { where: { fieldFilter: { field: { fieldPath: "to" }, op: "EQUAL", value: { stringValue: options.to } } } }
      : {}),
    orderBy: [{ field: { fieldPath: "createdAt" }, direction: "DESCENDING" }],
    limit: options.limit ?? 1,
  };
  // "Bearer owner" is the emulator's admin: no security rules apply.
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "Bearer owner" },
    body: JSON.stringify({ structuredQuery }),
  });
  if (!res.ok) throw new Error(`Firestore emulator at ${options.host}: ${res.status} ${await res.text()}`);
  const rows = (await res.json()) as Array<{ document?: { fields: Record<string, Value> } }>;
  return rows.flatMap(({ document }) => {
    if (!document) return [];
    const f = document.fields;
    const message = f.message?.mapValue?.fields ?? {};
    return [
      {
        to: text(f.to) ?? "",
        from: text(f.from) ?? "",
        subject: text(message.subject) ?? "",
        text: text(message.text) ?? "",
        html: text(message.html),
        rfc822: text(f.rfc822) ?? "",
        createdAt: f.createdAt?.timestampValue ?? "",
      },
    ];
  });
}
