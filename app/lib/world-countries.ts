import { SHIPPING_COUNTRIES } from "./countries";

// Every country a shipping zone may hold: the ISO 3166-1 alpha-2 codes in use (249). Names are
// British English from Intl (the server renders them; pages never compute them in the browser),
// except the shop's original delivery countries, which keep the names lib/countries gives them.
const CODES = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE " +
  "BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD " +
  "CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM " +
  "DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF " +
  "GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU " +
  "ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN " +
  "KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME " +
  "MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA " +
  "NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM " +
  "PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI " +
  "SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK " +
  "TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI " +
  "VN VU WF WS YE YT ZA ZM ZW"
).split(" ");

const names = new Intl.DisplayNames(["en-GB"], { type: "region" });

export interface WorldCountry {
  code: string;
  name: string;
  /** A member state of the EU (no customs on delivery from the shop's EU warehouse). */
  eu: boolean;
}

export const WORLD_COUNTRIES: readonly WorldCountry[] = CODES.map((code) => {
  const known = SHIPPING_COUNTRIES.find((c) => c.code === code);
  return { code, name: known?.name ?? names.of(code) ?? code, eu: known?.eu ?? false };
}).sort((a, b) => a.name.localeCompare(b.name, "en-GB"));

const BY_CODE = new Map(WORLD_COUNTRIES.map((c) => [c.code, c]));

export const isCountryCode = (code: string): boolean => BY_CODE.has(code.toUpperCase());

export function worldCountry(code: string): WorldCountry {
  return BY_CODE.get(code.toUpperCase()) ?? { code, name: code, eu: false };
}
