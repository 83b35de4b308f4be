import {
  adminDjApplicationViewSchema,
  applyDjSchema,
  DJ_MESSAGES,
  djApplicationIdSchema,
  djApplicationsAnswerSchema,
  djApplicationViewSchema,
  myDjAppAnswerSchema,
} from "./dj.ts";
import { defineRoutes } from "./route.ts";

/** DJ applications and streaming credentials (community spec 7 DJ; admin spec 7 DJ apps). */
export const DJ_ROUTES = /* @__PURE__ */ defineRoutes("dj", {
  apply: {
    method: "POST",
    path: "/api/auth/applyDj",
    access: "member",
    summary: "Apply to become a DJ",
    body: applyDjSchema,
    response: djApplicationViewSchema,
    status: 201,
  },
  mine: {
    method: "GET",
    path: "/api/auth/myDjApp",
    access: "member",
    summary: "The member's latest application, with the streaming credentials once approved",
    response: myDjAppAnswerSchema,
  },
  list: {
    method: "GET",
    path: "/api/auth/getDjApplications",
    access: "admin",
    refusal: DJ_MESSAGES.reviewForbidden,
    summary: "Every application with its applicant, newest first (Admin)",
    response: djApplicationsAnswerSchema,
  },
  approve: {
    method: "POST",
    path: "/api/auth/approveDj",
    access: "admin",
    refusal: DJ_MESSAGES.reviewForbidden,
    summary: "Approve a pending application (Admin)",
    body: djApplicationIdSchema,
    response: adminDjApplicationViewSchema,
  },
  reject: {
    method: "POST",
    path: "/api/auth/rejectDj",
    access: "admin",
    refusal: DJ_MESSAGES.reviewForbidden,
    summary: "Reject a pending application (Admin)",
    body: djApplicationIdSchema,
    response: adminDjApplicationViewSchema,
  },
});
