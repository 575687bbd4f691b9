/**
 * The house number right after a street name (`וושינגטון 31`), unless the number is really
 * a room count, floor count, size, price or time (`הרצל 3 חדרים`, `גורדון 60 מ"ר`).
 */
export const NOT_NUMBER_AFTER =
  /^[ \t]*(חדרים|חד'|חד(?![א-ת])|חדר|קומות|מ"ר|מטר|מר(?![א-ת])|ש"ח|שח|₪|דק|שנ|%|אלף|k|-\s*\d|\.\d|,\d{3}|\/\d)/i;

export function houseNumber(rest: string): string | null {
  const m = /^[ \t]*(\d{1,3})(?!\d|[.,/:]\d)/.exec(rest);
  if (!m?.[1] || NOT_NUMBER_AFTER.test(rest.slice(m[0].length)) || m[1] === "0") return null;
  return m[1];
}

export function withNumber(name: string, rest: string): string {
  const n = houseNumber(rest);
  return n ? `${name} ${n}` : name;
}
