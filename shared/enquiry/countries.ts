/** Suggestions for the Country field (a free-text field: any other name is accepted too). */
export const COUNTRIES = (
  'India|United States|United Kingdom|Germany|United Arab Emirates|Saudi Arabia|Italy|France|Netherlands|Belgium|Spain|' +
  'Canada|Australia|Japan|South Korea|China|Singapore|Malaysia|Indonesia|Thailand|Vietnam|Bangladesh|Sri Lanka|Nepal|' +
  'Pakistan|Qatar|Oman|Kuwait|Bahrain|Iran|Iraq|Israel|Jordan|Turkey|Egypt|Nigeria|Kenya|South Africa|Tanzania|Ghana|' +
  'Ethiopia|Morocco|Algeria|Brazil|Mexico|Argentina|Chile|Colombia|Peru|Russia|Ukraine|Poland|Czechia|Austria|' +
  'Switzerland|Sweden|Norway|Denmark|Finland|Ireland|Portugal|Greece|Romania|Hungary|New Zealand|Philippines|Taiwan|' +
  'Kazakhstan|Uzbekistan'
).split('|');
