import { SAMPLE_DRAWINGS } from './drawings.js';

// The buyers of the reply-thread journeys (test/browser/reply-thread.test.ts), as the desk meets them.

/** A buyer as the desk meets them: a Unicode name, a long company name, an e-mail address. */
export interface Buyer {
  name: string;
  email: string;
  company: string;
  message: string;
}

export const BUYERS: Buyer[] = [
  {
    name: 'કિરણ દેસાઈ',
    email: 'kiran.desai@example-gujarat.in',
    company: 'Shree Ganesh Forgings & Precision Engineering Works Private Limited, Rajkot',
    message: 'અમને ફોર્જ કરેલા ફ્લેન્જની જરૂર છે. Please quote ASTM A105 weld-neck flanges, 2" to 12", class 300#.',
  },
  {
    name: 'Jürgen Größmann',
    email: 'j.groessmann@mueller-schmiede.example',
    company: 'Müller-Lüdenscheidt Schmiedetechnik und Armaturenbau GmbH & Co. KG',
    message: 'Bitte senden Sie uns ein Angebot für Flansche DN 50 bis DN 200, Prüfbescheinigung 3.1.',
  },
  {
    name: 'अनिल शर्मा',
    email: 'anil.sharma@example-forge.in',
    company: 'श्री गणेश फोर्जिंग्स एंड इंजीनियरिंग प्राइवेट लिमिटेड',
    message: 'कृपया फ्लेंज के लिए कोटेशन भेजें, मात्रा 5,000 नग।',
  },
  {
    name: 'فاطمة المنصوري',
    email: 'fatima@gulf-valves.example',
    company: 'Gulf Petrochemical Valve & Flange Trading Establishment LLC',
    message: 'Slip-on flanges for a refinery in Jebel Ali; CIF, third-party inspection before dispatch.',
  },
];

/** Buyers of issue #35's cases: a resend with changes, an RFQ with file-transfer links, one filed as Spam, a reply not sent. */
export const RESENDER: Buyer = {
  name: 'Hans-Jürgen Weiß',
  email: 'hj.weiss@flanschtechnik-sued.example',
  company: 'Rohrleitungs- und Flanschtechnik Weiß GmbH & Co. KG, Niederlassung Süd',
  message: 'Anfrage Vorschweißflansche DN150 PN40, EN 1092-1 Typ 11, P250GH, Abnahmeprüfzeugnis 3.1.',
};
export const TRANSFERS = [
  'https://we.tl/t-Fl4nschDN150',
  'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view',
  'https://www.dropbox.com/s/abc123/Flange_DN150.step?dl=0',
];
const rfqMessage = (reference: string) =>
  `RFQ ${reference}: weld-neck flanges DN150 PN40, 250 pieces. The STEP models are over your 10 MB limit:\n${TRANSFERS.join('\n')}\nOur company: https://www.alshamri-oilfield.example\nThe 2D drawing is attached.`;
export const RFQ_BUYER: Buyer = {
  name: 'عبد الله الشمري',
  email: 'procurement@alshamri-oilfield.example',
  company: 'Al-Shamri Oilfield Equipment & Industrial Supplies Trading Company W.L.L., Dammam',
  message: rfqMessage('AS-2026-117'),
};
export const SPAM_BUYER: Buyer = {
  name: 'יוסי לוי',
  email: 'yossi@levi-valves.example',
  company: 'Levi Precision Valves & Industrial Flow Control Solutions Ltd., Haifa',
  message: rfqMessage('LV-88'),
};
export const UNSENT_BUYER: Buyer = {
  name: 'सुनीता पटेल',
  email: 'sunita.patel@example-valves.in',
  company: 'पटेल वाल्व्स एंड फ्लैंजेस इंडस्ट्रीज़ प्राइवेट लिमिटेड, वडोदरा',
  message: 'Please quote 1,200 slip-on flanges, ASTM A182 F316L, with third-party inspection.',
};
export const RESENT_DRAWING = { name: 'Flansch_DN150_Zeichnung_RevC.pdf', bytes: SAMPLE_DRAWINGS.pdf.bytes };
export const RFQ_DRAWING = { name: 'Al-Shamri DN150 flange – Rev 2.pdf', bytes: SAMPLE_DRAWINGS.pdf.bytes };
export const SPAM_DRAWING = { name: 'Levi flange drawing Rev B.pdf', bytes: SAMPLE_DRAWINGS.pdf.bytes };
