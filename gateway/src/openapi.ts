/**
 * The OpenAPI description of the /api routes, filled by the routes as they register, so the
 * document cannot drift from what is served. Served at GET /api/openapi.json.
 */
export class ApiDoc {
  #paths: Record<string, Record<string, unknown>> = {};

  add(
    method: string,
    path: string,
    summary: string,
    responses: Record<number, string>,
    extra: Record<string, unknown> = {},
  ): void {
    const oaPath = path.replace(/:(\w+)/g, "{$1}");
    const params = [...path.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    this.#paths[oaPath] ??= {};
    (this.#paths[oaPath] as Record<string, unknown>)[method] = {
      summary,
      ...(params.length ? { parameters: params } : {}),
      responses: Object.fromEntries(
        Object.entries(responses).map(([code, description]) => [
          code,
          {
            description,
            content: {
              "application/json": {
                schema: Number(code) >= 400 ? { $ref: "#/components/schemas/Error" } : {},
              },
            },
          },
        ]),
      ),
      ...extra,
    };
  }

  document(version: string): Record<string, unknown> {
    return {
      openapi: "3.1.0",
      info: { title: "Dirabot API", version },
      paths: this.#paths,
      components: {
        schemas: {
          Error: {
            type: "object",
            required: ["message", "code"],
            properties: { message: { type: "string" }, code: { type: "string" } },
          },
        },
        securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
    };
  }
}
