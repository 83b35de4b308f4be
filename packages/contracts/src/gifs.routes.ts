import {
  GIF_ADMIN_API,
  GIF_API,
  gifDeleteAnswerSchema,
  gifDeleteSchema,
  gifListAnswerSchema,
  gifSearchQuerySchema,
  gifUploadAnswerSchema,
  libraryGifsAnswerSchema,
} from "./gifs.ts";
import { defineRoutes } from "./route.ts";

/** GIF search through our server (decisions, "Media") and the station's own GIF library. */
export const GIFS_ROUTES = /* @__PURE__ */ defineRoutes("gifs", {
  search: {
    method: "GET",
    path: GIF_API.search,
    access: "member",
    summary: "Search the GIF provider",
    query: gifSearchQuerySchema,
    response: gifListAnswerSchema,
    rateLimits: ["searches"],
  },
  trending: {
    method: "GET",
    path: GIF_API.trending,
    access: "member",
    summary: "The GIF provider's trending GIFs",
    response: gifListAnswerSchema,
    rateLimits: ["searches"],
  },
  library: {
    method: "GET",
    path: GIF_API.library,
    access: "member",
    summary: "The station's own GIF library",
    response: libraryGifsAnswerSchema,
  },
  upload: {
    method: "POST",
    path: GIF_ADMIN_API.upload,
    access: "admin",
    summary: "Add a GIF to the station's library (Admin, multipart)",
    form: { file: "file", fields: ["name"] },
    response: gifUploadAnswerSchema,
    rateLimits: ["uploads"],
  },
  delete: {
    method: "POST",
    path: GIF_ADMIN_API.delete,
    access: "admin",
    summary: "Remove a GIF from the station's library (Admin)",
    body: gifDeleteSchema,
    response: gifDeleteAnswerSchema,
  },
});
