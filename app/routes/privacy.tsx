import type { LoaderFunctionArgs } from "@remix-run/node";
import { InfoPage, infoPageMeta } from "~/components/info/InfoPage";
import { loadInfoPage } from "~/server/services/content/info-pages.server";
import { RENDER_CACHED } from "~/lib/render-cache";

export const handle = RENDER_CACHED;

// The copy is content/privacy.md, with the shop's configured figures filled in.
export const loader = ({ context }: LoaderFunctionArgs) => loadInfoPage(context.shop, "privacy");
export const meta = infoPageMeta;
export default InfoPage;
