import { messageAnswerSchema } from "./answers.ts";
import { contactSchema } from "./home.ts";
import { defineRoutes } from "./route.ts";

/** The public page's contact form. */
export const HOME_ROUTES = /* @__PURE__ */ defineRoutes("home", {
  contact: {
    method: "POST",
    path: "/api/home/contact",
    access: "public",
    summary: "Send a message to the station",
    body: contactSchema,
    response: messageAnswerSchema,
    rateLimits: ["contactMessages"],
  },
});
