import { auditTours } from "./support/page-audit";
import { ADMIN_TOURS } from "./support/page-tour";

// Every back-office page, with JavaScript on and off (what support/page-audit.ts checks). Its pages
// are never kept by the page cache, so the cache-off project leaves this spec to js-on and js-off.
auditTours(ADMIN_TOURS);
