/**
 * Geography: the neighbourhood options and codes, cities, and the neighbourhood of a listing
 * (point in polygon, then name). The data is derived by `npm run geo` (scripts/geo) and committed.
 */
export { type AssignMethod, assignNeighborhood, cityByPoint } from "./assign.ts";
export { type CityInfo, cities, cityByCode, cityByName } from "./cities.ts";
export { type StreetRecord, streetRecords } from "./data.ts";
export { normalizeHebrew } from "./normalize.ts";
export { foldHebrew, hasHebrew, matchesPlace, optionKeys, placeKey } from "./places.ts";
export { type FoundPlace, findPlace, hebrewNamesOf } from "./search.ts";
export { type NeighborhoodInfo, neighborhoodByCode, neighborhoodByName, neighborhoods } from "./table.ts";
export { transliterate, withoutArticle } from "./transliterate.ts";
