import {
  CSRF_HEADER,
  type DeclaredRoute,
  isCsrfExemptAccess,
  isPublicAccess,
} from "@airwave/contracts";
import { type $ZodType, toJSONSchema } from "zod/v4/core";
import { SESSION_COOKIE } from "../sessions/sessions.ts";

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema (2020-12, as OpenAPI 3.1 takes it); what JSON cannot say is `{}`. */
function jsonSchema(schema: $ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _, ...rest } = toJSONSchema(schema, {
    io,
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}

/** An object schema's properties as OpenAPI parameters (path or query). */
function parameters(schema: $ZodType | undefined, where: "path" | "query") {
  if (!schema) return [];
  const json = jsonSchema(schema, "input");
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || required.has(name),
    schema: property,
  }));
}

const MESSAGE = {
  type: "object",
  properties: { message: { type: "string" } },
  required: ["message"],
};
const refusal = (description: string) => ({
  description,
  content: { "application/json": { schema: MESSAGE } },
});

function operation(route: DeclaredRoute) {
  const requestBody = route.body
    ? {
        required: true,
        content: { "application/json": { schema: jsonSchema(route.body, "input") } },
      }
    : route.form
      ? {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                properties: {
                  [route.form.file]: { type: "string", format: "binary" },
                  ...Object.fromEntries(route.form.fields.map((f) => [f, { type: "string" }])),
                },
                required: [route.form.file],
              },
            },
          },
        }
      : undefined;
  const answer = route.contentType
    ? { [route.contentType]: { schema: { type: "string", format: "binary" } } }
    : { "application/json": { schema: jsonSchema(route.response, "output") } };
  const security = isPublicAccess(route.access)
    ? []
    : [{ session: [], ...(route.method === "GET" ? {} : { csrf: [] }) }];
  return {
    operationId: route.id,
    tags: [route.id.split(".")[0]],
    summary: route.summary,
    "x-access": route.access,
    ...(route.rateLimits?.length ? { "x-rate-limits": route.rateLimits } : {}),
    parameters: [...parameters(route.params, "path"), ...parameters(route.query, "query")],
    ...(requestBody ? { requestBody } : {}),
    security,
    responses: {
      [String(route.status ?? 200)]: { description: "Success", content: answer },
      ...(route.params || route.query || route.body || route.form
        ? { "400": refusal("Bad input: the contract's message for the first problem") }
        : {}),
      ...(isPublicAccess(route.access) ? {} : { "401": refusal("No session") }),
      ...(isCsrfExemptAccess(route.access) || route.method === "GET"
        ? {}
        : { "403": refusal("No valid CSRF token, or a role the call excludes") }),
      ...(route.rateLimits?.length ? { "429": refusal("Over an abuse limit (Retry-After)") } : {}),
    },
  };
}

/**
 * The OpenAPI 3.1 document of the API, built from the declarations of the routes the app
 * registered (`app.declaredRoutes`), so every call is in it and nothing else is.
 */
export function openApiDocument(routes: readonly DeclaredRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, "{$1}").replace(/\*$/, "{path}");
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Airwave API",
      version: "1",
      description:
        "State-changing calls carry the CSRF token of GET /api/auth/authRequest in the " +
        `${CSRF_HEADER} header; errors answer { message }.`,
    },
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE },
        csrf: { type: "apiKey", in: "header", name: CSRF_HEADER },
      },
    },
    paths,
  };
}
