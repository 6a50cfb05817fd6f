import { InfoPage, infoPageMeta } from "~/components/info/InfoPage";
import { loadInfoPage } from "~/server/services/content/info-pages.server";

// The copy is content/returns.md, with the shop's configured figures filled in.
// The same for every viewer but the CSRF token: rendered once and served again (entry.server.tsx).
export const handle = { renderCache: true };

export const loader = () => loadInfoPage("returns");
export const meta = infoPageMeta;
export default InfoPage;
