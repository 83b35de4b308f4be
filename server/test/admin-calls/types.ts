import type { TestApp } from "../app.ts";
import type { FormParts } from "../multipart.ts";

/** One request of an admin call, ready to send (JSON body or multipart form). */
export interface AdminCallRequest {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  body?: unknown;
  form?: FormParts;
}

/**
 * An admin call for the authorization matrix (`server/src/features/admin/authorization.test.ts`):
 * `prepare` creates what the call needs (a target user, post, IP…) through the factories and
 * returns a request that an Admin may make successfully (2xx). The matrix sends it as a visitor
 * (401), a member, a DJ and a Moderator (403, nothing in the database changed), then as an Admin.
 */
export interface AdminCall {
  name: string;
  prepare: (t: TestApp) => Promise<AdminCallRequest>;
}
