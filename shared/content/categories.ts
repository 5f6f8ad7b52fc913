/** The seven product categories and their detail pages (spec sections 3 and 9). */
export type CategorySlug =
  | 'auto-parts'
  | 'flanges'
  | 'hydraulic-jack-parts'
  | 'pipe-fittings'
  | 'agriculture-parts'
  | 'industrial-valve'
  | 'transmission-parts';

export type CategoryIcon = 'car' | 'ring' | 'jack' | 'pipe' | 'tractor' | 'valve' | 'gear';

export interface Specification {
  label: string;
  value: string;
}

export interface Category {
  id: number;
  slug: CategorySlug;
  name: string;
  /** Short text for cards and the meta description. */
  description: string;
  /** Longer introduction on the category page. */
  intro: string;
  icon: CategoryIcon;
  imageAlt: string;
  features: [string, string, string, string, string, string];
  specifications: [Specification, Specification, Specification, Specification, Specification];
  applications: [string, string, string, string, string, string];
}

export const categories: readonly Category[] = [
  {
    id: 1,
    slug: 'auto-parts',
    name: 'Auto Parts',
    description: 'Closed-die forged automotive components: connecting rods, yokes, hubs and steering parts.',
    intro:
      'We forge and machine automotive components for vehicle makers and their suppliers, holding tight tolerances from the first piece to the last.',
    icon: 'car',
    imageAlt: 'Drawing of a forged connecting rod and wheel hub',
    features: [
      'Closed-die forging for dense, continuous grain flow',
      'Precision CNC machining to drawing tolerances',
      'Consistent dimensions across high-volume batches',
      'Controlled heat treatment for strength and toughness',
      '100% visual and sample dimensional inspection',
      'Shot blasting, oiling or painting to order',
    ],
    specifications: [
      { label: 'Material', value: 'Carbon steel (EN8, EN9, C45), alloy steel (EN19, EN24, 20MnCr5)' },
      { label: 'Weight range', value: '0.1 to 50 kg' },
      { label: 'Heat treatment', value: 'Normalising, hardening and tempering, case carburising' },
      { label: 'Process', value: 'Closed-die and upset forging with CNC machining' },
      { label: 'Standards', value: 'ASTM, DIN, IS, or the customer drawing' },
    ],
    applications: [
      'Passenger cars',
      'Commercial vehicles',
      'Two-wheelers',
      'Tractors and off-highway vehicles',
      'Steering and suspension systems',
      'Engine and driveline assemblies',
    ],
  },
  {
    id: 2,
    slug: 'flanges',
    name: 'Flanges',
    description: 'Forged weld-neck, slip-on, blind, socket-weld and threaded flanges in carbon, alloy and stainless steel.',
    intro:
      'Our flanges are forged from certified bar and billet, machined to standard or custom dimensions and supplied with mill test certificates.',
    icon: 'ring',
    imageAlt: 'Drawing of a forged weld-neck flange with bolt holes',
    features: [
      'Weld-neck, slip-on, blind, socket-weld, threaded and lap-joint types',
      'Raised face, flat face and ring-type joint facings',
      'Forged blanks for sound, leak-free sections',
      'CNC-machined bores, faces and bolt circles',
      'Material traceability with mill test certificates',
      'Custom and drawing-based flanges on request',
    ],
    specifications: [
      { label: 'Material', value: 'Carbon steel A105, alloy steel F11/F22, stainless steel F304/F316' },
      { label: 'Size range', value: '1/2 to 60 inch NPS' },
      { label: 'Pressure class', value: '150# to 2500#' },
      { label: 'Types', value: 'Weld neck, slip-on, blind, socket weld, threaded, lap joint' },
      { label: 'Standards', value: 'ASME B16.5, ASME B16.47, EN 1092-1' },
    ],
    applications: [
      'Oil and gas pipelines',
      'Refineries and petrochemical plants',
      'Power generation',
      'Water treatment and desalination',
      'Chemical processing',
      'Shipbuilding',
    ],
  },
  {
    id: 3,
    slug: 'hydraulic-jack-parts',
    name: 'Hydraulic Jack Parts',
    description: 'Forged and machined cylinders, rams, bases and saddles for bottle and floor jacks.',
    intro:
      'We supply the load-bearing parts of hydraulic jacks, forged for strength and machined for a smooth, sealed fit.',
    icon: 'jack',
    imageAlt: 'Drawing of a hydraulic bottle jack with its forged ram and base',
    features: [
      'Forged rams, cylinders, bases and saddles',
      'Honed and ground bores for reliable sealing',
      'High load capacity from dense forged sections',
      'Pressure-tested assemblies on request',
      'Corrosion protection by plating or painting',
      'Made to drawing for OEM jack makers',
    ],
    specifications: [
      { label: 'Material', value: 'Carbon steel (C45, EN8), alloy steel (EN19, 42CrMo4)' },
      { label: 'Load capacity', value: 'Up to 100 tons' },
      { label: 'Heat treatment', value: 'Hardening and tempering, induction hardening' },
      { label: 'Surface finish', value: 'Honed bores, ground and hard-chromed rams' },
      { label: 'Standards', value: 'ASME PASE, EN 1494, or the customer drawing' },
    ],
    applications: [
      'Bottle jacks',
      'Floor and trolley jacks',
      'Automotive workshops',
      'Construction and lifting equipment',
      'Railway maintenance',
      'Industrial maintenance tools',
    ],
  },
  {
    id: 4,
    slug: 'pipe-fittings',
    name: 'Pipe Fittings',
    description: 'Forged high-pressure elbows, tees, couplings, unions and plugs in socket-weld and threaded ends.',
    intro:
      'Our forged fittings are made for high-pressure piping, with socket-weld and threaded ends machined to the standard.',
    icon: 'pipe',
    imageAlt: 'Drawing of a forged 90 degree elbow pipe fitting',
    features: [
      'Elbows, tees, crosses, couplings, unions, caps and plugs',
      'Socket-weld and threaded (NPT, BSP) ends',
      'Forged bodies for high-pressure service',
      'Precise threads and socket bores',
      'Hydrostatic testing on request',
      'Marked for full material traceability',
    ],
    specifications: [
      { label: 'Material', value: 'Carbon steel A105, alloy steel F11/F22, stainless steel F304/F316' },
      { label: 'Size range', value: '1/4 to 24 inch NPS' },
      { label: 'Pressure rating', value: '2000 to 6000 PSI' },
      { label: 'Types', value: 'Socket weld and threaded: elbow, tee, cross, coupling, union, cap, plug' },
      { label: 'Standards', value: 'ASME B16.11, MSS SP-79, MSS SP-83' },
    ],
    applications: [
      'Oil and gas processing',
      'Hydraulic and instrumentation lines',
      'Chemical and fertiliser plants',
      'Power plants',
      'Fire-fighting systems',
      'Pharmaceutical plants',
    ],
  },
  {
    id: 5,
    slug: 'agriculture-parts',
    name: 'Agriculture Parts',
    description: 'Forged tillage, harvesting and tractor-linkage parts built for hard, abrasive work.',
    intro:
      'Farm equipment meets soil, stone and shock every day. Our forged parts keep their edge and their shape season after season.',
    icon: 'tractor',
    imageAlt: 'Drawing of a forged cultivator tine and tractor linkage pin',
    features: [
      'Forged tines, blades, shares and linkage parts',
      'Wear-resistant alloy steels',
      'Through-hardening for abrasion resistance',
      'Tough cores that resist shock loads',
      'Made to OEM and replacement-market drawings',
      'Painted or oiled for storage and export',
    ],
    specifications: [
      { label: 'Material', value: 'Carbon steel (EN8, EN9), boron steel, spring steel (EN45)' },
      { label: 'Weight range', value: '0.5 to 100 kg' },
      { label: 'Heat treatment', value: 'Hardening and tempering, austempering' },
      { label: 'Process', value: 'Closed-die forging, trimming and machining' },
      { label: 'Standards', value: 'IS, ISO 730 linkage, or the customer drawing' },
    ],
    applications: [
      'Tractors and three-point linkages',
      'Ploughs and cultivators',
      'Rotavators and tillers',
      'Harvesters and threshers',
      'Seed drills and planters',
      'Irrigation equipment',
    ],
  },
  {
    id: 6,
    slug: 'industrial-valve',
    name: 'Industrial Valve',
    description: 'Forged valve bodies, bonnets, balls, stems and discs for gate, globe, check and ball valves.',
    intro:
      'We forge and machine valve components for valve makers, with the sound, porosity-free bodies that high-pressure service needs.',
    icon: 'valve',
    imageAlt: 'Drawing of a forged ball valve body with its handle',
    features: [
      'Forged bodies, bonnets, balls, stems and discs',
      'Sound, porosity-free sections',
      'Precision-machined seats and bores',
      'Carbon, alloy and stainless steel grades',
      'Pressure testing and NDT on request',
      'Made to the valve maker’s drawing',
    ],
    specifications: [
      { label: 'Material', value: 'Carbon steel A105, alloy steel F11/F22, stainless steel F304/F316' },
      { label: 'Size range', value: '1/2 to 48 inch NPS' },
      { label: 'Pressure class', value: 'Class 150 to 2500' },
      { label: 'Types', value: 'Gate, globe, check and ball valve components' },
      { label: 'Standards', value: 'API 602, API 6D, ASME B16.34' },
    ],
    applications: [
      'Oil and gas',
      'Petrochemical plants',
      'Power generation',
      'Water supply and treatment',
      'Marine systems',
      'General process industries',
    ],
  },
  {
    id: 7,
    slug: 'transmission-parts',
    name: 'Transmission Parts',
    description: 'Forged gear blanks, shafts, flanges and couplings for gearboxes and drivelines.',
    intro:
      'Transmission parts carry torque day and night. We forge them with a grain flow that follows the part and harden them where they wear.',
    icon: 'gear',
    imageAlt: 'Drawing of a forged gear blank on a shaft',
    features: [
      'Forged gear blanks, shafts, yokes and couplings',
      'Grain flow that follows the part’s shape',
      'Case carburising and induction hardening',
      'Precision turning, hobbing and grinding',
      'Hardness and case-depth testing for every batch',
      'Balanced for smooth, quiet running',
    ],
    specifications: [
      { label: 'Material', value: 'Alloy steel (20MnCr5, EN353, 16MnCr5), carbon steel (C45)' },
      { label: 'Weight range', value: '0.2 to 30 kg' },
      { label: 'Surface hardness', value: '55 to 62 HRC' },
      { label: 'Heat treatment', value: 'Case carburising, induction hardening, hardening and tempering' },
      { label: 'Standards', value: 'AGMA, DIN 3962, or the customer drawing' },
    ],
    applications: [
      'Automotive gearboxes',
      'Industrial gear units',
      'Tractor transmissions',
      'Construction machinery',
      'Power take-off shafts',
      'Conveyors and material handling',
    ],
  },
];

/** The contact form with this product chosen (Request a Quote, the Send Enquiry button on its page). */
export function quoteHref(slug: CategorySlug): string {
  return `/contact?product=${slug}`;
}

/** The category whose page is at this path (/products/<slug>), if any. */
export function categoryAtPath(pathname: string): Category | undefined {
  const slug = /^\/products\/([a-z-]+)$/.exec(pathname)?.[1];
  return slug ? findCategory(slug) : undefined;
}

export function findCategory(slug: string): Category | undefined {
  return categories.find((category) => category.slug === slug);
}
