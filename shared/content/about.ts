/** Copy of the About page (spec section 2). */
export type ValueIcon = 'handshake' | 'star' | 'people' | 'growth';
export type TeamIcon = 'ceo' | 'director';

export interface ValueCard {
  icon: ValueIcon;
  title: string;
  description: string;
}

export interface TeamMember {
  id: number;
  name: string;
  position: string;
  description: string;
  icon: TeamIcon;
}

export const ESTABLISHED_YEAR = 2021;
export const EXPERTISE_SINCE_YEAR = 2015;

export const story: readonly string[] = [
  `Our company was established in ${ESTABLISHED_YEAR} near Gondal in Rajkot, Gujarat, one of India’s busiest engineering belts. Our founders have worked in forging since ${EXPERTISE_SINCE_YEAR}, and they built the company on that experience.`,
  'Today we make closed-die and upset forgings and precision-machined parts in carbon, alloy and stainless steel, for auto, flange, hydraulic, pipe-fitting, agriculture, valve and transmission customers in India and overseas. Our quality system is certified to ISO 9001:2015.',
];

export const mission =
  'To supply forged and machined parts that fit the first time, arrive when promised and last in service, at a fair price.';

export const vision =
  'To be the forging partner that buyers across the world name first when they need dependable parts from India.';

export const values: readonly ValueCard[] = [
  {
    icon: 'handshake',
    title: 'Customer Focus',
    description: 'We listen first, quote clearly and keep every buyer informed from sample to shipment.',
  },
  {
    icon: 'star',
    title: 'Excellence',
    description: 'We measure, record and improve, so that every batch meets the drawing.',
  },
  {
    icon: 'people',
    title: 'Collaboration',
    description: 'Our engineers work with yours on materials, tolerances and cost.',
  },
  {
    icon: 'growth',
    title: 'Growth',
    description: 'We invest in people, dies and machines to serve larger and more demanding orders.',
  },
];

export const team: readonly TeamMember[] = [
  {
    id: 1,
    name: 'Rajesh Patel',
    position: 'CEO',
    description: 'Leads the company’s strategy, customer relationships and export growth, with forging experience since 2015.',
    icon: 'ceo',
  },
  {
    id: 2,
    name: 'Amit Shah',
    position: 'Director',
    description: 'Runs production and quality: die design, forging, heat treatment, machining and inspection.',
    icon: 'director',
  },
];
