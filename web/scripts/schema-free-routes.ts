import MagicString from "magic-string";
import type { Plugin } from "vite";
import { parseSync } from "vite";

/** The parts of a route declaration that are zod schemas (packages/contracts/src/route.ts). */
const SCHEMA_KEYS = new Set(["params", "query", "body", "response"]);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (v: unknown): v is Node =>
  typeof v === "object" && v !== null && typeof (v as Node).type === "string";

function* walk(node: Node): Generator<Node> {
  yield node;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) yield* walk(item);
    } else if (isNode(value)) yield* walk(value);
  }
}

/**
 * The contracts' route tables without their schemas, for the web's bundle only. A route's
 * declaration (`defineRoutes`) carries its method, path and access, and the zod schemas of its
 * parameters, query, body and answer, which the server validates with and the tests check answers
 * against. The web reads only the method and the path (app/api.ts `call`), yet every table it
 * imports built all its schemas as the page loaded. This drops the four schema properties from
 * each declaration as the web is bundled, so that the schemas nothing else in the web reads are
 * left out (`treeshake.manualPureFunctions: ["z"]` in vite.config.ts) and never built. The server,
 * the tests and the types read the contracts' sources as they are.
 */
export function schemaFreeRoutes(): Plugin {
  return {
    name: "airwave-schema-free-routes",
    apply: "build",
    transform: {
      filter: { id: /packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/, code: "defineRoutes(" },
      handler(code, id) {
        const { program, errors } = parseSync(id, code, { lang: "ts" });
        if (errors.length) throw new Error(`${id}: ${errors[0]?.message}`);
        const out = new MagicString(code);
        for (const node of walk(program as unknown as Node)) {
          const callee = node.callee as Node | undefined;
          if (node.type !== "CallExpression" || callee?.type !== "Identifier") continue;
          if (callee.name !== "defineRoutes") continue;
          const table = (node.arguments as Node[])[1];
          if (table?.type !== "ObjectExpression") continue;
          for (const entry of table.properties as Node[]) {
            const route = entry.value as Node | undefined;
            if (route?.type !== "ObjectExpression") continue;
            for (const prop of route.properties as Node[]) {
              const key = prop.key as Node | undefined;
              if (prop.type !== "Property" || key?.type !== "Identifier") continue;
              if (!SCHEMA_KEYS.has(key.name as string)) continue;
              // The property and the comma after it (the next one, or the closing brace, follows).
              const after = code.slice(prop.end).match(/^\s*,/);
              out.remove(prop.start, prop.end + (after ? after[0].length : 0));
            }
          }
        }
        return { code: out.toString(), map: out.generateMap({ hires: "boundary", source: id }) };
      },
    },
  };
}
