import { type ApiRoute, openApiDocument } from "@dirabot/api";

/**
 * The OpenAPI description of the routes, filled by the routes as they register with their
 * contract entries (@dirabot/api), so the document cannot drift from what is served; the schemas
 * in it are generated from the same zod schemas the gateway answers in. Served at GET /api/openapi.json.
 */
export class ApiDoc {
  #routes: ApiRoute[] = [];

  add(...routes: ApiRoute[]): void {
    this.#routes.push(...routes);
  }

  /** The routes registered so far, in order. */
  get routes(): readonly ApiRoute[] {
    return this.#routes;
  }

  document(version: string): Record<string, unknown> {
    return openApiDocument(this.#routes, version);
  }
}
