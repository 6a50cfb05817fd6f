import { apiRoute } from "~/server/api/api-route.server";
import { OPENAPI_DOCUMENT } from "~/server/api/openapi.server";

// GET /api/v1/openapi.json: the API's description, public (it holds no data of the shop).
const api = apiRoute({
  GET: {
    scope: null,
    async handle() {
      return { body: OPENAPI_DOCUMENT };
    },
  },
});
export const loader = api.loader;
