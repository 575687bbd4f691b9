import * as fs from "node:fs";
import * as path from "node:path";
import { z } from "zod";

/**
 * Reads the raw geographic data (what each file is: scripts/geo/README.md) and checks it has the
 * shape the derivation relies on, so a changed source fails the build with a clear line
 * instead of producing quietly wrong files.
 */
const position = z.tuple([z.number().min(34).max(36), z.number().min(29).max(34)]);
const ring = z.array(position).min(4);
const polygon = z.array(ring).min(1);
const multiPolygon = z.array(polygon).min(1);

const feature = <P extends z.ZodType, G extends z.ZodType>(properties: P, type: string, coordinates: G) =>
  z.object({ properties, geometry: z.object({ type: z.literal(type), coordinates }) });
const collection = <F extends z.ZodType>(f: F) =>
  z.object({ type: z.literal("FeatureCollection"), features: z.array(f) });

const citiesSchema = collection(
  feature(
    z.object({
      semel_yeshuv: z.number().int().positive(),
      Muni_Heb: z.string().min(1),
      Muni_Eng: z.string(),
    }),
    "MultiPolygon",
    multiPolygon,
  ),
);
const tlvSchema = collection(
  feature(
    z.object({
      ms_shchuna: z.number().int().min(1).max(9999),
      shem_shchuna: z.string().min(1),
      city_semel_yeshuv: z.literal(5000),
      yad2_hood_ids: z.array(z.number().int().positive()),
      yad2_hood_names: z.array(z.string()),
    }),
    "Polygon",
    polygon,
  ),
);
const bogindSchema = collection(
  feature(
    z.object({
      city_he: z.string().min(1),
      city_en: z.string().nullable(),
      city_semel_yeshuv: z.number().int().positive(),
      neighborhood_he: z.string().min(1),
      src_id: z.number().int().min(1).max(9999),
    }),
    "MultiPolygon",
    multiPolygon,
  ),
);
const catalogSchema = z.object({
  meta: z.object({ tlv_yad2_names_without_known_id: z.array(z.string()) }),
  cities: z.array(
    z.object({
      yad2_city_id: z.number().int().positive(),
      name_he: z.string().min(1),
      hoods: z.array(
        z.object({
          yad2_hood_id: z.number().int().positive(),
          name_he: z.string().min(1),
          tlv_ms_shchuna: z.number().int().nullable().optional(),
        }),
      ),
    }),
  ),
});

export type CityFeature = z.infer<typeof citiesSchema>["features"][number];
export type TlvFeature = z.infer<typeof tlvSchema>["features"][number];
export type BogindFeature = z.infer<typeof bogindSchema>["features"][number];
export type Catalog = z.infer<typeof catalogSchema>;

export interface Sources {
  cities: CityFeature[];
  tlv: TlvFeature[];
  /** Tel Aviv municipal code → display label (tlv_layer511_ms_shchuna.csv). */
  tlvLabels: Map<number, string>;
  bogind: BogindFeature[];
  catalog: Catalog;
}

/** RFC 4180 rows: quoted fields may hold commas and doubled quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length) rows.push([...row, field]);
  return rows;
}

function read<T>(dir: string, file: string, schema: z.ZodType<T>): T {
  const p = path.join(dir, file);
  if (!fs.existsSync(p)) throw new Error(`geo: missing source ${p}`);
  const parsed = schema.safeParse(JSON.parse(fs.readFileSync(p, "utf8")));
  if (!parsed.success)
    throw new Error(`geo: ${file} has an unexpected shape: ${parsed.error.message.slice(0, 500)}`);
  return parsed.data;
}

export function readSources(dir: string): Sources {
  const csv = parseCsv(fs.readFileSync(path.join(dir, "tlv_layer511_ms_shchuna.csv"), "utf8"));
  const [header, ...rows] = csv;
  if (header?.join(",") !== "ms_shchuna,shem_shchuna_verbatim,display_label")
    throw new Error("geo: tlv_layer511_ms_shchuna.csv has an unexpected header");
  const tlvLabels = new Map(rows.map((r) => [Number(r[0]), (r[2] ?? "").trim()]));
  const catalog = read(dir, "yad2_neighborhood_catalog.json", catalogSchema);
  checkCatalogCsv(catalog, parseCsv(fs.readFileSync(path.join(dir, "yad2_neighborhoods.csv"), "utf8")));
  return {
    cities: read(dir, "il_cities_moi_by_cbs_code.geojson", citiesSchema).features,
    tlv: read(dir, "tlv_neighborhoods_layer511_enriched.geojson", tlvSchema).features,
    tlvLabels,
    bogind: read(dir, "il_neighborhoods_88cities_bogind_clean.geojson", bogindSchema).features,
    catalog,
  };
}

/** The catalog is used; its CSV twin must say the same, or one of them was edited alone. */
function checkCatalogCsv(catalog: Catalog, csv: string[][]): void {
  const [, ...rows] = csv;
  const fromCsv = rows.filter((r) => r.length > 1).map((r) => `${r[0]}|${r[2]}|${r[3]}`);
  const fromJson = catalog.cities.flatMap((c) =>
    c.hoods.map((h) => `${c.yad2_city_id}|${h.yad2_hood_id}|${h.name_he}`),
  );
  const a = [...fromCsv].sort().join("\n");
  const b = [...fromJson].sort().join("\n");
  if (a !== b) throw new Error("geo: yad2_neighborhoods.csv and yad2_neighborhood_catalog.json disagree");
}
