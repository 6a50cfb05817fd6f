import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/server/config.server";

describe("parseConfig", () => {
  it("starts with zero configuration outside production", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ port: 3000, backend: "embedded", shopName: "Hemline", shopShortName: "hemline", adminEmails: [] });
    expect(config.dataDir.endsWith("data")).toBe(true);
  });

  it("names the variable that is wrong", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseConfig({ SHOP_BACKEND: "mongo" })).toThrow(/SHOP_BACKEND/);
    expect(() => parseConfig({ ADMIN_EMAILS: "a@b.co, not-an-email" })).toThrow(/ADMIN_EMAILS/);
  });

  it("requires a session secret in production", () => {
    expect(() => parseConfig({ NODE_ENV: "production" })).toThrow(ConfigError);
    expect(() => parseConfig({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET/);
    expect(parseConfig({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) }).sessionSecret).toBe("x".repeat(32));
  });

  it("normalises the admin list: trimmed and lower-cased", () => {
    expect(parseConfig({ ADMIN_EMAILS: " Owner@Shop.EXAMPLE ,b@c.io," }).adminEmails).toEqual(["owner@shop.example", "b@c.io"]);
  });

  it("requires a project id for the Firebase backend", () => {
    expect(() => parseConfig({ SHOP_BACKEND: "firebase" })).toThrow(/FIREBASE_PROJECT_ID/);
    expect(() => parseConfig({ SHOP_BACKEND: "firebase", GCLOUD_PROJECT: "demo-hemline" })).toThrow(/FIREBASE_API_KEY/);
    const config = parseConfig({ SHOP_BACKEND: "firebase", GCLOUD_PROJECT: "demo-hemline", FIREBASE_API_KEY: "key" });
    expect(config.firebase).toMatchObject({ projectId: "demo-hemline", apiKey: "key" });
  });
});
