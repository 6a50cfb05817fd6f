import { auditTours } from "./support/page-audit";
import { STOREFRONT_TOURS } from "./support/page-tour";

// Every page a shopper reaches, with JavaScript on and off (what support/page-audit.ts checks).
// The back office has its own spec: admin-page-audits.spec.ts.
auditTours(STOREFRONT_TOURS);
