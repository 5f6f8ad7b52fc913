/**
 * The one list of countries (ISO 3166-1), for the export markets and the enquiry form's Country: each
 * name the owner or a buyer types is matched to its ISO 3166-1 code, and the flag is drawn from the
 * code (two regional-indicator letters, which the buyer's own system draws; no map service). The
 * names are those of the Unicode CLDR (Node's Intl.DisplayNames, written out here so that the server
 * and the browser agree), with the usual other names beside them.
 */
const NAMES: readonly (readonly [code: string, name: string])[] = (
  'AD:Andorra|AE:United Arab Emirates|AF:Afghanistan|AG:Antigua & Barbuda|AI:Anguilla|AL:Albania|' +
  'AM:Armenia|AO:Angola|AQ:Antarctica|AR:Argentina|AS:American Samoa|AT:Austria|AU:Australia|AW:Aruba|' +
  'AX:Åland Islands|AZ:Azerbaijan|BA:Bosnia & Herzegovina|BB:Barbados|BD:Bangladesh|BE:Belgium|' +
  'BF:Burkina Faso|BG:Bulgaria|BH:Bahrain|BI:Burundi|BJ:Benin|BL:St. Barthélemy|BM:Bermuda|BN:Brunei|' +
  'BO:Bolivia|BQ:Caribbean Netherlands|BR:Brazil|BS:Bahamas|BT:Bhutan|BV:Bouvet Island|BW:Botswana|' +
  'BY:Belarus|BZ:Belize|CA:Canada|CC:Cocos (Keeling) Islands|CD:Congo - Kinshasa|' +
  'CF:Central African Republic|CG:Congo - Brazzaville|CH:Switzerland|CI:Côte d’Ivoire|CK:Cook Islands|' +
  'CL:Chile|CM:Cameroon|CN:China|CO:Colombia|CR:Costa Rica|CU:Cuba|CV:Cape Verde|CW:Curaçao|' +
  'CX:Christmas Island|CY:Cyprus|CZ:Czechia|DE:Germany|DJ:Djibouti|DK:Denmark|DM:Dominica|' +
  'DO:Dominican Republic|DZ:Algeria|EC:Ecuador|EE:Estonia|EG:Egypt|EH:Western Sahara|ER:Eritrea|' +
  'ES:Spain|ET:Ethiopia|FI:Finland|FJ:Fiji|FK:Falkland Islands|FM:Micronesia|FO:Faroe Islands|FR:France|' +
  'GA:Gabon|GB:United Kingdom|GD:Grenada|GE:Georgia|GF:French Guiana|GG:Guernsey|GH:Ghana|GI:Gibraltar|' +
  'GL:Greenland|GM:Gambia|GN:Guinea|GP:Guadeloupe|GQ:Equatorial Guinea|GR:Greece|' +
  'GS:South Georgia & South Sandwich Islands|GT:Guatemala|GU:Guam|GW:Guinea-Bissau|GY:Guyana|' +
  'HK:Hong Kong SAR China|HM:Heard & McDonald Islands|HN:Honduras|HR:Croatia|HT:Haiti|HU:Hungary|' +
  'ID:Indonesia|IE:Ireland|IL:Israel|IM:Isle of Man|IN:India|IO:British Indian Ocean Territory|IQ:Iraq|' +
  'IR:Iran|IS:Iceland|IT:Italy|JE:Jersey|JM:Jamaica|JO:Jordan|JP:Japan|KE:Kenya|KG:Kyrgyzstan|' +
  'KH:Cambodia|KI:Kiribati|KM:Comoros|KN:St. Kitts & Nevis|KP:North Korea|KR:South Korea|KW:Kuwait|' +
  'KY:Cayman Islands|KZ:Kazakhstan|LA:Laos|LB:Lebanon|LC:St. Lucia|LI:Liechtenstein|LK:Sri Lanka|' +
  'LR:Liberia|LS:Lesotho|LT:Lithuania|LU:Luxembourg|LV:Latvia|LY:Libya|MA:Morocco|MC:Monaco|MD:Moldova|' +
  'ME:Montenegro|MF:St. Martin|MG:Madagascar|MH:Marshall Islands|MK:North Macedonia|ML:Mali|' +
  'MM:Myanmar (Burma)|MN:Mongolia|MO:Macao SAR China|MP:Northern Mariana Islands|MQ:Martinique|' +
  'MR:Mauritania|MS:Montserrat|MT:Malta|MU:Mauritius|MV:Maldives|MW:Malawi|MX:Mexico|MY:Malaysia|' +
  'MZ:Mozambique|NA:Namibia|NC:New Caledonia|NE:Niger|NF:Norfolk Island|NG:Nigeria|NI:Nicaragua|' +
  'NL:Netherlands|NO:Norway|NP:Nepal|NR:Nauru|NU:Niue|NZ:New Zealand|OM:Oman|PA:Panama|PE:Peru|' +
  'PF:French Polynesia|PG:Papua New Guinea|PH:Philippines|PK:Pakistan|PL:Poland|' +
  'PM:St. Pierre & Miquelon|PN:Pitcairn Islands|PR:Puerto Rico|PS:Palestinian Territories|PT:Portugal|' +
  'PW:Palau|PY:Paraguay|QA:Qatar|RE:Réunion|RO:Romania|RS:Serbia|RU:Russia|RW:Rwanda|SA:Saudi Arabia|' +
  'SB:Solomon Islands|SC:Seychelles|SD:Sudan|SE:Sweden|SG:Singapore|SH:St. Helena|SI:Slovenia|' +
  'SJ:Svalbard & Jan Mayen|SK:Slovakia|SL:Sierra Leone|SM:San Marino|SN:Senegal|SO:Somalia|SR:Suriname|' +
  'SS:South Sudan|ST:São Tomé & Príncipe|SV:El Salvador|SX:Sint Maarten|SY:Syria|SZ:Eswatini|' +
  'TC:Turks & Caicos Islands|TD:Chad|TF:French Southern Territories|TG:Togo|TH:Thailand|TJ:Tajikistan|' +
  'TK:Tokelau|TL:Timor-Leste|TM:Turkmenistan|TN:Tunisia|TO:Tonga|TR:Türkiye|TT:Trinidad & Tobago|' +
  'TV:Tuvalu|TW:Taiwan|TZ:Tanzania|UA:Ukraine|UG:Uganda|UM:U.S. Outlying Islands|US:United States|' +
  'UY:Uruguay|UZ:Uzbekistan|VA:Vatican City|VC:St. Vincent & Grenadines|VE:Venezuela|' +
  'VG:British Virgin Islands|VI:U.S. Virgin Islands|VN:Vietnam|VU:Vanuatu|WF:Wallis & Futuna|WS:Samoa|' +
  'YE:Yemen|YT:Mayotte|ZA:South Africa|ZM:Zambia|ZW:Zimbabwe'
)
  .split('|')
  .map((entry) => [entry.slice(0, 2), entry.slice(3)] as const);

/**
 * Other names people write, as they write them (the form's country list offers these too): short
 * forms, older names, and the names in the buyers' own languages for the usual markets. Each must
 * name one country only ("Congo" and "Guinea" stay unmapped, as typed).
 */
const ALSO_CALLED: Readonly<Record<string, string>> = {
  USA: 'US',
  US: 'US',
  'United States of America': 'US',
  America: 'US',
  'Estados Unidos': 'US',
  'Vereinigte Staaten': 'US',
  'États-Unis': 'US',
  UK: 'GB',
  'Great Britain': 'GB',
  Britain: 'GB',
  England: 'GB',
  Scotland: 'GB',
  Wales: 'GB',
  'Northern Ireland': 'GB',
  UAE: 'AE',
  Emirates: 'AE',
  'The Emirates': 'AE',
  Dubai: 'AE',
  'Abu Dhabi': 'AE',
  الإمارات: 'AE',
  'الإمارات العربية المتحدة': 'AE',
  KSA: 'SA',
  Saudi: 'SA',
  'Kingdom of Saudi Arabia': 'SA',
  السعودية: 'SA',
  'المملكة العربية السعودية': 'SA',
  قطر: 'QA',
  عمان: 'OM',
  الكويت: 'KW',
  البحرين: 'BH',
  مصر: 'EG',
  Misr: 'EG',
  Deutschland: 'DE',
  'Federal Republic of Germany': 'DE',
  Allemagne: 'DE',
  Alemania: 'DE',
  España: 'ES',
  Espagne: 'ES',
  Spanien: 'ES',
  Italia: 'IT',
  Italie: 'IT',
  Italien: 'IT',
  Frankreich: 'FR',
  Francia: 'FR',
  Nederland: 'NL',
  Holland: 'NL',
  'The Netherlands': 'NL',
  Belgique: 'BE',
  België: 'BE',
  Belgien: 'BE',
  Österreich: 'AT',
  Schweiz: 'CH',
  Suisse: 'CH',
  Svizzera: 'CH',
  Polska: 'PL',
  Sverige: 'SE',
  Norge: 'NO',
  Danmark: 'DK',
  Suomi: 'FI',
  Česko: 'CZ',
  'Czech Republic': 'CZ',
  Magyarország: 'HU',
  Ελλάδα: 'GR',
  Hellas: 'GR',
  Turkey: 'TR',
  Turkiye: 'TR',
  Brasil: 'BR',
  Россия: 'RU',
  'Russian Federation': 'RU',
  Україна: 'UA',
  中国: 'CN',
  "People's Republic of China": 'CN',
  PRC: 'CN',
  日本: 'JP',
  Nippon: 'JP',
  Korea: 'KR',
  'Republic of Korea': 'KR',
  대한민국: 'KR',
  भारत: 'IN',
  Bharat: 'IN',
  Hindustan: 'IN',
  Burma: 'MM',
  Myanmar: 'MM',
  'Ivory Coast': 'CI',
  'Hong Kong': 'HK',
  Macau: 'MO',
  Macao: 'MO',
  'Viet Nam': 'VN',
  'Democratic Republic of the Congo': 'CD',
  'Republic of the Congo': 'CG',
  Swaziland: 'SZ',
  'East Timor': 'TL',
  'Cabo Verde': 'CV',
};

/**
 * Lower case, without accents or dots ("U.A.E." is "uae"), '&' as 'and', and only letters (of any
 * script: الإمارات, भारत) and single spaces.
 */
const key = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/\bst\.?\s/g, 'saint ')
    .replace(/\./g, '')
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();

const NAME_OF = new Map<string, string>(NAMES);
const CODE_OF = new Map<string, string>(NAMES.map(([code, name]) => [name, code]));
/** Every usual name by its key, made on the first look-up of a name that is not a display name (costly). */
let byName: Map<string, string> | undefined;

/** The ISO 3166-1 alpha-2 code of a country by its English name or another usual one (Germany, UAE, Deutschland), or undefined. */
export function countryCode(name: string): string | undefined {
  const exact = CODE_OF.get(name);
  if (exact) return exact;
  byName ??= new Map([
    ...NAMES.map(([code, name]) => [key(name), code] as const),
    ...Object.entries(ALSO_CALLED).map(([name, code]) => [key(name), code] as const),
  ]);
  return byName.get(key(name));
}

/** The country's English display name (CLDR's) by its ISO 3166-1 alpha-2 code, or undefined. */
export function countryName(code: string): string | undefined {
  return NAME_OF.get(code);
}

/**
 * What the form's country list offers: every country by its display name, then the other names people
 * write, each with the display name it stands for.
 */
export const COUNTRY_CHOICES: readonly { value: string; name: string }[] = [
  ...NAMES.map(([, name]) => ({ value: name, name })),
  ...Object.entries(ALSO_CALLED).map(([value, code]) => ({ value, name: NAME_OF.get(code)! })),
];

/**
 * The countries the form's picker offers for what was typed: those whose name, or another name, has a
 * word starting with it ("Deutsch" finds Germany by Deutschland), each once, with the other name it
 * was found by.
 */
export function countriesMatching(typed: string, limit = 8): { name: string; by?: string }[] {
  const wanted = key(typed);
  if (wanted === '') return [];
  const found = new Map<string, string | undefined>();
  for (const { value, name } of COUNTRY_CHOICES) {
    const spelled = key(value);
    if (found.size < limit && !found.has(name) && (spelled.startsWith(wanted) || spelled.includes(` ${wanted}`)))
      found.set(name, value === name ? undefined : value);
  }
  return [...found].map(([name, by]) => (by === undefined ? { name } : { name, by }));
}

/** The country's flag as two regional-indicator symbols (🇩🇪), drawn by the reader's system. */
export function flagOf(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}
