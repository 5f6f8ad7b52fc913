import { CATEGORY_SLUGS } from '../../shared/content/category-slugs.js';
/**
 * Enquiries as real buyers write them: long messages, long company names, Gujarati, Devanagari,
 * German umlauts, line breaks. Each is distinct (its number appears in the subject).
 */
const COMPANIES = [
  'Shree Ganesh Forgings & Precision Engineering Works Private Limited, Rajkot',
  'Müller-Lüdenscheidt Schmiedetechnik und Armaturenbau GmbH & Co. KG',
  'श्री गणेश फोर्जिंग्स एंड इंजीनियरिंग प्राइवेट लिमिटेड',
  'Gulf Petrochemical Valve & Flange Trading Establishment LLC',
];
export const LINES = [
  'We need closed-die forged flanges, ASTM A105, 2" to 12" NPS, class 150# and 300#, with material test certificates (EN 10204 3.1).',
  'અમને ગુજરાત માટે ફોર્જ કરેલા ફ્લેન્જની જરૂર છે. કૃપા કરીને કિંમત અને ડિલિવરી સમય જણાવો.',
  'कृपया 42CrMo4 के ट्रांसमिशन शाफ्ट के लिए कोटेशन भेजें, मात्रा 5,000 नग, हीट ट्रीटमेंट सहित।',
  'Bitte senden Sie uns ein Angebot für Ventilkörper aus Edelstahl 1.4408, Größe DN 50 bis DN 200, Prüfbescheinigung 3.1.',
  'Delivery CIF Jebel Ali; packing in seaworthy wooden boxes; third-party inspection by our appointed agency before dispatch.',
];

export function longEnquiry(n: number) {
  const company = COMPANIES[n % COMPANIES.length]!;
  const name = ['Jürgen Größmann', 'કિરણ દેસાઈ', 'अनिल शर्मा', 'Fatima Al-Mansouri'][n % 4]!;
  return {
    name,
    email: n % 5 === 0 ? '' : `buyer${n}@example-${n % 7}.com`,
    phone: `+91 98${String(n).padStart(3, '0')} 12345`,
    subject: `${['ગુજરાત', 'Flansche', 'फोर्जिंग', 'RFQ'][n % 4]} ${n} – ${company}`.slice(0, 150),
    message: Array.from({ length: 12 }, (_, i) => LINES[(n + i) % LINES.length]).join('\n\n'),
  };
}

const COUNTRIES = ['United Arab Emirates', 'Deutschland', 'India', 'Saudi Arabia', 'United States', 'Kenya'];

/**
 * An enquiry as the desk receives them: every other one a request for quotation, with a product,
 * company, country, quantity and grade; the rest plain messages (longEnquiry).
 */
export function deskEnquiry(n: number) {
  const base = longEnquiry(n);
  if (n % 2 === 1) return base;
  return {
    ...base,
    product: CATEGORY_SLUGS[n % CATEGORY_SLUGS.length]!,
    company: COMPANIES[n % COMPANIES.length]!,
    country: COUNTRIES[n % COUNTRIES.length]!,
    quantity: String(500 * (1 + (n % 9))),
    unit: 'pieces',
    material: ['ASTM A105', '42CrMo4', 'SS 316L', 'EN8'][n % 4]!,
  };
}
