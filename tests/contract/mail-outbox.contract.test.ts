import crypto from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, Timestamp } from "firebase-admin/firestore";
import { SMTPServer } from "smtp-server";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { createFirestoreOutboxMailer } from "~/server/mail/firestore-outbox.server";
import { createOutboxMailer } from "~/server/mail/outbox.server";
import type { Mailer } from "~/server/mail/port";
import { createSmtpMailer } from "~/server/mail/smtp.server";
import { newestMail } from "../e2e/support/firestore-mail";
import { makeTempDir } from "../support/temp-dir";

// Every mail adapter delivers each message, composed as RFC 5322, where someone else reads it: the
// .eml files on the embedded backend's disk; on Firebase the Firestore collection `mail`, read here
// from a second client (another instance) and by the end-to-end tests' reader; and with SMTP_URL an
// SMTP server (a local one from the smtp-server package, which keeps what it receives).

const FROM = "Hemline <care@hemline.test>";

interface OutboxUnderTest {
  name: string;
  /** A mailer, and a reader of every raw message kept that is not that mailer. */
  create(): Promise<{ mailer: Mailer; readRaw(): Promise<string[]>; dispose(): Promise<void> }>;
}

const OUTBOXES: OutboxUnderTest[] = [
  {
    name: "outbox (.eml files)",
    async create() {
      const temp = makeTempDir();
      const dir = path.join(temp.dir, "outbox");
      return {
        mailer: createOutboxMailer({ dir, from: FROM, log: false }),
        async readRaw() {
          return fs
            .readdirSync(dir)
            .sort()
            .reverse()
            .map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
        },
        async dispose() {
          temp.remove();
        },
      };
    },
  },
  {
    name: "firestore outbox (emulator)",
    async create() {
      process.env.FIRESTORE_EMULATOR_HOST = inject("firestoreEmulatorHost");
      const projectId = `demo-hemline-${crypto.randomBytes(5).toString("hex")}`;
      const apps: App[] = [
        initializeApp({ projectId }, `${projectId}-sender`),
        initializeApp({ projectId }, `${projectId}-reader`),
      ];
      return {
        mailer: createFirestoreOutboxMailer({ db: getFirestore(apps[0]), from: FROM, log: false }),
        async readRaw() {
          const snap = await getFirestore(apps[1]).collection("mail").orderBy("createdAt", "desc").get();
          return snap.docs.map((d) => d.get("rfc822") as string);
        },
        async dispose() {
          await Promise.all(apps.map((app) => deleteApp(app)));
        },
      };
    },
  },
  {
    name: "smtp (a local SMTP server)",
    async create() {
      const received: string[] = [];
      const server = new SMTPServer({
        // Plain SMTP on localhost: no TLS certificate or login to set up for a test.
        disabledCommands: ["STARTTLS", "AUTH"],
        logger: false,
        onRcptTo(address, _session, callback) {
          // A mailbox the server refuses, as a real one refuses an unknown user (550).
          if (address.address.startsWith("nobody@"))
            return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
          callback();
        },
        onData(stream, _session, callback) {
          let raw = "";
          stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
          stream.on("end", () => {
            received.push(raw);
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const { port } = server.server.address() as AddressInfo;
      return {
        mailer: createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: FROM }),
        async readRaw() {
          return [...received].reverse();
        },
        async dispose() {
          await new Promise<void>((resolve) => server.close(() => resolve()));
        },
      };
    },
  },
];

describe.each(OUTBOXES)("Mail port contract: $name", (outbox) => {
  let mailer: Mailer;
  let readRaw: () => Promise<string[]>;
  let dispose: () => Promise<void>;

  beforeEach(async () => {
    ({ mailer, readRaw, dispose } = await outbox.create());
  });
  afterEach(async () => {
    await dispose();
  });

  it("keeps each message sent, composed as RFC 5322, for another reader", async () => {
    await mailer.send({
      to: "ada@hemline.test",
      subject: "Reset your password",
      text: "Reset it here: https://shop.test/r?t=abc",
    });
    await mailer.send({
      to: "bob@hemline.test",
      subject: "Your order HM-1 is confirmed",
      text: "Thank you, Bob.",
      html: "<p>Thank you, Bob.</p>",
    });
    const raw = await readRaw();
    expect(raw).toHaveLength(2);
    // Sent within the same millisecond, two .eml files may sort either way: find each by its recipient.
    const bob = raw.find((m) => /^To: bob@hemline\.test$/m.test(m))!;
    const ada = raw.find((m) => /^To: ada@hemline\.test$/m.test(m))!;
    expect(bob).toMatch(/^Subject: Your order HM-1 is confirmed$/m);
    expect(bob).toMatch(/^From: Hemline <care@hemline\.test>$/m);
    expect(bob).toContain("Thank you, Bob.");
    expect(bob).toContain("<p>Thank you, Bob.</p>");
    expect(bob).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(ada).toMatch(/^Subject: Reset your password$/m);
    expect(ada).toContain("Reset it here: https://shop.test/r?t=abc");
  });
});

describe("Firestore outbox: documents the Trigger Email extension sends from", () => {
  it("stores to, from and message { subject, text, html } with the commit time, readable by the e2e reader", async () => {
    const host = inject("firestoreEmulatorHost");
    process.env.FIRESTORE_EMULATOR_HOST = host;
    const projectId = `demo-hemline-${crypto.randomBytes(5).toString("hex")}`;
    const sender = initializeApp({ projectId }, `${projectId}-sender`);
    try {
      const mailer = createFirestoreOutboxMailer({ db: getFirestore(sender), from: FROM, log: false });
      expect(mailer.kind).toBe("firestore-outbox");
      await mailer.send({ to: "cy@hemline.test", subject: "Plain", text: "Only text." });
      await mailer.send({ to: "cy@hemline.test", subject: "Rich", text: "Text too.", html: "<b>Rich</b>" });
      await mailer.send({ to: "dee@hemline.test", subject: "Other", text: "Not for Cy." });

      const docs = (await getFirestore(sender).collection("mail").where("to", "==", "cy@hemline.test").get()).docs.map(
        (d) => d.data(),
      );
      const plain = docs.find((d) => d.message.subject === "Plain")!;
      expect(plain).toMatchObject({
        to: "cy@hemline.test",
        from: FROM,
        message: { subject: "Plain", text: "Only text." },
      });
      expect(plain.message).not.toHaveProperty("html");
      expect(plain.createdAt).toBeInstanceOf(Timestamp);

      const [rich, olderPlain, ...none] = await newestMail({ host, projectId, to: "cy@hemline.test", limit: 5 });
      expect(none).toEqual([]);
      expect(rich).toMatchObject({
        to: "cy@hemline.test",
        from: FROM,
        subject: "Rich",
        text: "Text too.",
        html: "<b>Rich</b>",
      });
      expect(rich.rfc822).toMatch(/^Subject: Rich$/m);
      expect(olderPlain).toMatchObject({ subject: "Plain", html: null });
      expect(Date.parse(rich.createdAt)).toBeGreaterThanOrEqual(Date.parse(olderPlain.createdAt));
      expect((await newestMail({ host, projectId }))[0]).toMatchObject({ to: "dee@hemline.test", subject: "Other" });
    } finally {
      await deleteApp(sender);
    }
  });
});

describe("SMTP: a message the server refuses", () => {
  it("fails the send, so the caller can report it, and delivers nothing", async () => {
    const smtp = OUTBOXES.find((o) => o.name.startsWith("smtp"))!;
    const { mailer, readRaw, dispose } = await smtp.create();
    try {
      expect(mailer.kind).toBe("smtp");
      await expect(
        mailer.send({ to: "nobody@hemline.test", subject: "Lost", text: "Nobody reads this." }),
      ).rejects.toThrow(/550|Mailbox unavailable/);
      expect(await readRaw()).toEqual([]);
    } finally {
      await dispose();
    }
  });
});
