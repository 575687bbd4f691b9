// Base map tiles by theme (dark or light), and the credits the map's footer shows: the
// tile provider's and the boundary sources' (scripts/geo/README.md lists them).

export function tileUrl(dark: boolean): string {
  const style = dark ? "dark_all" : "light_all";
  return `https://{a-d}.basemaps.cartocdn.com/${style}/{z}/{x}/{y}.png`;
}

export const TILE_CREDITS = [
  { label: "© OpenStreetMap contributors", href: "https://www.openstreetmap.org/copyright" },
  { label: "© CARTO", href: "https://carto.com/attributions" },
] as const;

export const BOUNDARY_CREDITS =
  "גבולות: משרד הפנים – גבולות שיפוט · שכונות: עיריית תל אביב-יפו, bogind/elections · מזהי יד2: קוד ציבורי, לא רשמי";
