import { InfoPage, infoPageMeta } from "~/components/info/InfoPage";
import { loadInfoPage } from "~/server/services/content/info-pages.server";

// The copy is content/privacy.md, with the shop's configured figures filled in.
export const loader = () => loadInfoPage("privacy");
export const meta = infoPageMeta;
export default InfoPage;
