/**
 * Yad2's map feed wants `region` besides `city` (required in practice).
 * City ids are CBS settlement codes; the region is the one Yad2 gives the city's area
 * (Yad2's own area table lists each area with its region and top area). Add a line when
 * YAD2_CITIES names a city not listed here.
 */
export const REGION_OF_CITY: Readonly<Record<number, number>> = {
  5000: 3, // Tel Aviv-Yafo (area 1 "אזור תל אביב יפו")
  8600: 3, // Ramat Gan (area 3 "אזור רמת גן וגבעתיים")
  6300: 3, // Givatayim (area 3)
  6600: 3, // Holon (area 11 "אזור חולון ובת ים")
  6200: 3, // Bat Yam (area 11)
  6400: 1, // Herzliya (area 18 "אזור רמת השרון והרצליה")
  7900: 1, // Petah Tikva (area 4)
  8300: 1, // Rishon LeZion (area 9)
  7400: 1, // Netanya (area 17)
  3000: 6, // Jerusalem (area 7 "אזור ירושלים")
  4000: 5, // Haifa (area 5 "אזור חיפה והסביבה")
  9000: 2, // Beer Sheva (area 22 "אזור באר שבע והסביבה")
};

export function regionOf(city: number): number | undefined {
  return REGION_OF_CITY[city];
}
