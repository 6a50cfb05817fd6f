import crypto from "node:crypto";
import type { GoogleClientConfig } from "../services/accounts/google-config.server";

const NONCE_BYTES = 16;
/** Random bytes drawn 256 nonces at a time: each call into the generator cost as much as 4 KB of its bytes. */
const NONCE_POOL_BYTES = 4096;
let noncePool = Buffer.alloc(0);
let nonceAt = 0;

/** A response's CSP nonce: 16 bytes from the system's secure generator, never handed out twice. */
export function createNonce(): string {
  if (nonceAt + NONCE_BYTES > noncePool.length) {
    noncePool = crypto.randomBytes(NONCE_POOL_BYTES);
    nonceAt = 0;
  }
  const nonce = noncePool.toString("base64", nonceAt, nonceAt + NONCE_BYTES);
  nonceAt += NONCE_BYTES;
  return nonce;
}

// What Firebase Analytics (gtag.js) needs, per Google's CSP guidance for GA4 and Firebase.
const ANALYTICS_SOURCES = {
  script: ["https://www.googletagmanager.com"],
  img: ["https://*.google-analytics.com", "https://*.googletagmanager.com"],
  connect: [
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
    "https://*.googletagmanager.com",
    "https://firebase.googleapis.com",
    "https://firebaseinstallations.googleapis.com",
  ],
};

/**
 * What the Firebase Auth SDK (firebase/auth 12) loads for signInWithPopup, read from its source:
 * Google's gapi loader (apis.google.com, which loads gapi.iframes from the same host), a hidden
 * iframe on the auth domain (`/__/auth/iframe`) that relays the popup's result, and the REST
 * calls of Identity Toolkit and the token service. Against the Auth emulator the iframe and every
 * REST call go to the emulator's origin instead; the gapi loader is still Google's.
 */
export function googleSignInSources(google: GoogleClientConfig): {
  script: string[];
  frame: string[];
  connect: string[];
} {
  const gapi = "https://apis.google.com";
  if (google.emulatorUrl) {
    const emulator = new URL(google.emulatorUrl).origin;
    return { script: [gapi], frame: [emulator], connect: [emulator] };
  }
  return {
    script: [gapi],
    frame: [`https://${google.authDomain}`],
    connect: ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"],
  };
}

export interface DocumentSecurityOptions {
  analytics?: boolean;
  /** Google popup sign-in's public configuration, when the shop offers it. */
  googleSignIn?: GoogleClientConfig | null;
}

/**
 * Headers every HTML response carries. Scripts run only with this response's nonce; Google's
 * analytics hosts are allowed only when analytics is configured, and the hosts of Google popup
 * sign-in only when it is offered. The policy is the page's for its whole life (client-side
 * navigation keeps it), so it cannot be limited to the sign-in pages.
 */
export function documentSecurityHeaders(
  nonce: string,
  isDevelopment: boolean,
  options: DocumentSecurityOptions = {},
): Record<string, string> {
  const google = options.googleSignIn ? googleSignInSources(options.googleSignIn) : null;
  const extra = (kind: "script" | "img" | "connect" | "frame") =>
    [
      ...(options.analytics && kind !== "frame" ? ANALYTICS_SOURCES[kind] : []),
      ...(google && kind !== "img" ? google[kind] : []),
    ]
      .map((s) => ` ${s}`)
      .join("");
  const connect = isDevelopment ? "'self' ws://localhost:* ws://127.0.0.1:*" : "'self'";
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${extra("script")}`,
    // Inline style attributes (colour swatches, the lightbox) are harmless; no inline script is allowed.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra("img")}`,
    "font-src 'self'",
    `connect-src ${connect}${extra("connect")}`,
    // Without Google sign-in no frame-src: default-src 'self' applies.
    ...(google ? [`frame-src 'self'${extra("frame")}`] : []),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
  return {
    "Content-Security-Policy": csp,
    ...commonSecurityHeaders(),
    // The sign-in popup (the auth domain's page) hands its result back through window.opener,
    // which 'same-origin' would cut; 'same-origin-allow-popups' keeps it for popups this page opens.
    ...(google ? { "Cross-Origin-Opener-Policy": "same-origin-allow-popups" } : {}),
  };
}

/** For every response, including resource routes and data requests. */
export function commonSecurityHeaders(): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  };
}
