import crypto from "node:crypto";

export function createNonce(): string {
  return crypto.randomBytes(16).toString("base64");
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
 * Headers every HTML response carries. Scripts run only with this response's nonce; Google's
 * analytics hosts are allowed only when analytics is configured.
 */
export function documentSecurityHeaders(nonce: string, isDevelopment: boolean, options: { analytics?: boolean } = {}): Record<string, string> {
  const extra = (kind: keyof typeof ANALYTICS_SOURCES) => (options.analytics ? ANALYTICS_SOURCES[kind].map((s) => ` ${s}`).join("") : "");
  const connect = isDevelopment ? "'self' ws://localhost:* ws://127.0.0.1:*" : "'self'";
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${extra("script")}`,
    // Inline style attributes (colour swatches, the lightbox) are harmless; no inline script is allowed.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra("img")}`,
    "font-src 'self'",
    `connect-src ${connect}${extra("connect")}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
  return {
    "Content-Security-Policy": csp,
    ...commonSecurityHeaders(),
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
