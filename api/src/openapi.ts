import * as z from "zod";
import { SESSION_COOKIE } from "./constants.ts";
import { type ApiRoute, ErrorBody, responseSchema } from "./contract.ts";
import { operationIdOf } from "./routes.ts";

type Json = Record<string, unknown>;

/**
 * JSON Schema of a zod schema, its named parts (`.meta({id})`) moved to the document's shared
 * components. Requests are described as the client sends them ("input": a query's numbers are
 * text), responses as the gateway writes them ("output"); transforms and preprocessing have no
 * JSON Schema, so their side is described as any value.
 */
function jsonSchema(schema: z.ZodType, io: "input" | "output", components: Json): Json {
  const s = z.toJSONSchema(schema, { io, unrepresentable: "any", reused: "inline" }) as Json;
  const text = JSON.stringify(s).replaceAll('"#/$defs/', '"#/components/schemas/');
  const { $schema: _, $defs, ...rest } = JSON.parse(text) as Json & { $defs?: Json };
  for (const [id, def] of Object.entries($defs ?? {})) components[id] = def;
  return rest;
}

const description = (r: ApiRoute, status: number): string => {
  const declared = r.responses[status];
  if (typeof declared === "string") return declared;
  if (declared === undefined && status === 415) return "Body not sent as application/json";
  return declared?.description ?? (status < 300 ? "Success" : "Failure");
};

// A session travels as the bearer token (scripts, other tools) or the SPA's cookie; either will do.
const SESSION = [{ bearer: [] }, { cookie: [] }];
const SECURITY = { none: [], optional: [{}, ...SESSION] } as const;

/** The OpenAPI 3.1 document of these routes: a schema for every request and every JSON response. */
export function openApiDocument(routes: readonly ApiRoute[], version: string): Json {
  const components: Json = {};
  const paths: Record<string, Record<string, unknown>> = {};
  jsonSchema(ErrorBody, "output", components);
  for (const r of routes) {
    const oaPath = r.path.replace(/:(\w+)/g, "{$1}");
    const parameters: Json[] = [...r.path.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    for (const [name, field] of Object.entries(r.query?.shape ?? {})) {
      const f = field as z.ZodType;
      parameters.push({
        name,
        in: "query",
        required: !f.safeParse(undefined).success,
        schema: jsonSchema(f, "input", components),
      });
    }
    const responses: Json = {};
    // Every route that reads a body refuses one not sent as application/json (login CSRF).
    const codes = [...Object.keys(r.responses).map(Number), ...(r.body ? [415] : [])];
    for (const code of codes) {
      const schema = responseSchema(r, code);
      const media = r.media?.[code];
      responses[String(code)] = {
        description: description(r, code),
        ...(media
          ? { content: Object.fromEntries(media.map((m) => [m, {}])) }
          : schema
            ? { content: { "application/json": { schema: jsonSchema(schema, "output", components) } } }
            : {}),
      };
    }
    paths[oaPath] ??= {};
    paths[oaPath][r.method] = {
      operationId: operationIdOf(r),
      summary: r.summary,
      ...(r.session ? { security: SECURITY[r.session] } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(r.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: jsonSchema(r.body, "input", components) } },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    // Said outright: validators that assume an older draft read the tuples' prefixItems wrongly.
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: { title: "Dirabot API", version },
    // Relative: the gateway that serves this document answers its paths.
    servers: [{ url: "/", description: "The gateway serving this document" }],
    security: SESSION,
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        cookie: { type: "apiKey", in: "cookie", name: SESSION_COOKIE },
      },
    },
  };
}
