import * as z from "zod";

// The shapes Yad2's gateway answers (docs/PRODUCT.md, Listing sources). Yad2 changes them without notice, so only
// what we use is required, everything else is optional and loose: a marker missing its token
// fails the answer with a message naming the field, a missing street just stays empty.

const text = z.object({ text: z.string().nullish() }).partial().nullish();
const num = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .nullish();

export const markerSchema = z.looseObject({
  token: z.string().min(1),
  orderId: num,
  adType: z.string().nullish(),
  price: num,
  address: z
    .looseObject({
      region: z.object({ id: num, text: z.string().nullish() }).partial().nullish(),
      city: text,
      area: text,
      neighborhood: text,
      street: text,
      house: z
        .object({ number: z.union([z.number(), z.string()]).nullish(), floor: num })
        .partial()
        .nullish(),
      coords: z.object({ lat: z.number(), lon: z.number() }).nullish(),
    })
    .nullish(),
  additionalDetails: z
    .looseObject({
      roomsCount: num,
      squareMeter: num,
      property: text,
    })
    .nullish(),
  metaData: z
    .looseObject({
      coverImage: z.string().nullish(),
      images: z.array(z.string()).nullish(),
      squareMeterBuild: num,
    })
    .nullish(),
  customer: z.looseObject({ agencyName: z.string().nullish() }).nullish(),
});
export type Marker = z.infer<typeof markerSchema>;

export const mapFeedSchema = z.looseObject({
  data: z.looseObject({
    markers: z.array(markerSchema),
  }),
});

/** A checkbox of the item page: anything but a boolean is "not said". */
const flag = z.boolean().nullish().catch(undefined);

export const itemSchema = z.looseObject({
  token: z.string().nullish(),
  metaData: z.looseObject({ description: z.string().nullish() }).nullish(),
  additionalDetails: z.looseObject({ entranceDate: z.string().nullish(), buildingTopFloor: num }).nullish(),
  dates: z.looseObject({ createdAt: z.string().nullish(), updatedAt: z.string().nullish() }).nullish(),
  customer: z.looseObject({ name: z.string().nullish(), agencyName: z.string().nullish() }).nullish(),
  // The item page's checkboxes; a key Yad2 leaves out is unknown. Pets and accessibility have
  // two spellings in Yad2's answers over time: both are read.
  inProperty: z
    .looseObject({
      includeSecurityRoom: flag,
      includeParking: flag,
      includeElevator: flag,
      includeBalcony: flag,
      includeFurniture: flag,
      includePets: flag,
      isPetsAllowed: flag,
      includeAirconditioner: flag,
      includeAccessibility: flag,
      isHandicapped: flag,
    })
    .nullish(),
});
export type Item = z.infer<typeof itemSchema>;

/** `data` null or absent is Yad2's "page without the item": the listing is gone. */
export const itemAnswerSchema = z.looseObject({ data: itemSchema.nullish() });

/** "data.markers.3.token: expected string" — what a person needs to see that the shape moved. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
    .join("; ");
}
