import type { Company, SiteContent } from './schema.js';
import { EMPTY_CAPABILITY, EMPTY_REGISTRATION } from './empty-records.js';
import { DEFAULT_ACKNOWLEDGEMENT } from './acknowledgement.js';

/** The business as the spec describes it, until the configuration or the site editor says otherwise. */
export const defaultCompany: Company = {
  name: 'Example Forgings',
  logo: null,
  shortName: '',
  email: 'info@example.com',
  phones: ['+91 98765 43210', '+91 98765 43211'],
  whatsapp: {
    number: '919876543210',
    greeting: 'Hello, I would like to know more about your forged products.',
  },
  address: ['Plot 12, Example Industrial Park', 'Village Example, near Gondal', 'Rajkot, Gujarat 360 311, India'],
  hours: [
    { days: 'Monday & Tuesday', hours: '9:00 AM – 7:00 PM' },
    { days: 'Thursday – Sunday', hours: '9:00 AM – 7:00 PM' },
  ],
  social: {
    linkedin: 'https://www.linkedin.com/company/example',
    facebook: 'https://www.facebook.com/example',
    instagram: 'https://www.instagram.com/example',
    youtube: '',
    x: '',
  },
  grievance: { name: 'Grievance Officer', email: 'info@example.com' },
  registration: EMPTY_REGISTRATION,
};

/**
 * The spec's texts (shared/spec.md sections 2, 3 and 9): the first revision of a new site, where
 * the configuration (SITE_CONFIG_FILE, COMPANY_NAME …) does not say otherwise. Read by the server
 * only: the client gets the published content with each page.
 */
export const defaultContent: SiteContent = {
  company: defaultCompany,
  home: {
    slides: [
      {
        title: 'Precision Forged Components',
        subtitle: 'Closed-die and upset forging',
        description:
          'Carbon, alloy and stainless steel forgings, machined to your drawing and delivered to buyers across India and abroad.',
        button: 'Explore Products',
        photo: null,
      },
      {
        title: 'Built on Expertise Since 2015',
        subtitle: 'ISO 9001:2015 certified',
        description:
          'A forging team with hands-on experience since 2015, and a quality system that checks every batch before it ships.',
        button: 'About Us',
        photo: null,
      },
      {
        title: 'Your Drawing, Our Forge',
        subtitle: 'Custom forgings for exporters and OEMs',
        description: 'Send us your drawing and quantities. We reply with a clear quotation and lead time.',
        button: 'Contact Us',
        photo: null,
      },
    ],
    summary:
      'Established in 2021, with forging expertise since 2015, we make closed-die and upset forgings and precision-machined parts for buyers and importers in India and abroad.',
    highlights: [
      'ISO 9001:2015 certified',
      'Closed-die and upset forging',
      'Precision CNC machining',
      'Carbon, alloy and stainless steel',
    ],
    cta: {
      title: 'Ready to source forged parts?',
      text: 'Tell us the part, material and quantity. We reply with a quotation and lead time.',
      button: 'Contact Us',
    },
  },
  about: {
    intro: 'Forging expertise since 2015, established in 2021.',
    story:
      'Our company was established in 2021 near Gondal in Rajkot, Gujarat, one of India’s busiest engineering belts. Our founders have worked in forging since 2015, and they built the company on that experience.\n\nToday we make closed-die and upset forgings and precision-machined parts in carbon, alloy and stainless steel, for auto, flange, hydraulic, pipe-fitting, agriculture, valve and transmission customers in India and overseas. Our quality system is certified to ISO 9001:2015.',
    mission:
      'To supply forged and machined parts that fit the first time, arrive when promised and last in service, at a fair price.',
    vision:
      'To be the forging partner that buyers across the world name first when they need dependable parts from India.',
    values: [
      {
        title: 'Customer Focus',
        description: 'We listen first, quote clearly and keep every buyer informed from sample to shipment.',
      },
      {
        title: 'Excellence',
        description: 'We measure, record and improve, so that every batch meets the drawing.',
      },
      {
        title: 'Collaboration',
        description: 'Our engineers work with yours on materials, tolerances and cost.',
      },
      {
        title: 'Growth',
        description: 'We invest in people, dies and machines to serve larger and more demanding orders.',
      },
    ],
    leaders: [
      {
        name: 'Rajesh Patel',
        position: 'CEO',
        description:
          'Leads the company’s strategy, customer relationships and export growth, with forging experience since 2015.',
        photo: null,
      },
      {
        name: 'Amit Shah',
        position: 'Director',
        description: 'Runs production and quality: die design, forging, heat treatment, machining and inspection.',
        photo: null,
      },
    ],
  },
  products: {
    'auto-parts': {
      name: 'Auto Parts',
      photo: null,
      description: 'Closed-die forged automotive components: connecting rods, yokes, hubs and steering parts.',
      intro:
        'We forge and machine automotive components for vehicle makers and their suppliers, holding tight tolerances from the first piece to the last.',
      features: [
        'Closed-die forging for dense, continuous grain flow',
        'Precision CNC machining to drawing tolerances',
        'Consistent dimensions across high-volume batches',
        'Controlled heat treatment for strength and toughness',
        '100% visual and sample dimensional inspection',
        'Shot blasting, oiling or painting to order',
      ],
      specifications: [
        {
          label: 'Material',
          value: 'Carbon steel (EN8, EN9, C45), alloy steel (EN19, EN24, 20MnCr5)',
        },
        {
          label: 'Weight range',
          value: '0.1 to 50 kg',
        },
        {
          label: 'Heat treatment',
          value: 'Normalising, hardening and tempering, case carburising',
        },
        {
          label: 'Process',
          value: 'Closed-die and upset forging with CNC machining',
        },
        {
          label: 'Standards',
          value: 'ASTM, DIN, IS, or the customer drawing',
        },
      ],
      applications: [
        'Passenger cars',
        'Commercial vehicles',
        'Two-wheelers',
        'Tractors and off-highway vehicles',
        'Steering and suspension systems',
        'Engine and driveline assemblies',
      ],
      cta: {
        title: 'Need auto parts to your drawing?',
        text: 'Send us the drawing, material and quantity, and we will quote.',
      },
    },
    flanges: {
      name: 'Flanges',
      photo: null,
      description:
        'Forged weld-neck, slip-on, blind, socket-weld and threaded flanges in carbon, alloy and stainless steel.',
      intro:
        'Our flanges are forged from certified bar and billet, machined to standard or custom dimensions and supplied with mill test certificates.',
      features: [
        'Weld-neck, slip-on, blind, socket-weld, threaded and lap-joint types',
        'Raised face, flat face and ring-type joint facings',
        'Forged blanks for sound, leak-free sections',
        'CNC-machined bores, faces and bolt circles',
        'Material traceability with mill test certificates',
        'Custom and drawing-based flanges on request',
      ],
      specifications: [
        {
          label: 'Material',
          value: 'Carbon steel A105, alloy steel F11/F22, stainless steel F304/F316',
        },
        {
          label: 'Size range',
          value: '1/2 to 60 inch NPS',
        },
        {
          label: 'Pressure class',
          value: '150# to 2500#',
        },
        {
          label: 'Types',
          value: 'Weld neck, slip-on, blind, socket weld, threaded, lap joint',
        },
        {
          label: 'Standards',
          value: 'ASME B16.5, ASME B16.47, EN 1092-1',
        },
      ],
      applications: [
        'Oil and gas pipelines',
        'Refineries and petrochemical plants',
        'Power generation',
        'Water treatment and desalination',
        'Chemical processing',
        'Shipbuilding',
      ],
      cta: {
        title: 'Need flanges to your drawing?',
        text: 'Send us the drawing, material and quantity, and we will quote.',
      },
    },
    'hydraulic-jack-parts': {
      name: 'Hydraulic Jack Parts',
      photo: null,
      description: 'Forged and machined cylinders, rams, bases and saddles for bottle and floor jacks.',
      intro:
        'We supply the load-bearing parts of hydraulic jacks, forged for strength and machined for a smooth, sealed fit.',
      features: [
        'Forged rams, cylinders, bases and saddles',
        'Honed and ground bores for reliable sealing',
        'High load capacity from dense forged sections',
        'Pressure-tested assemblies on request',
        'Corrosion protection by plating or painting',
        'Made to drawing for OEM jack makers',
      ],
      specifications: [
        {
          label: 'Material',
          value: 'Carbon steel (C45, EN8), alloy steel (EN19, 42CrMo4)',
        },
        {
          label: 'Load capacity',
          value: 'Up to 100 tons',
        },
        {
          label: 'Heat treatment',
          value: 'Hardening and tempering, induction hardening',
        },
        {
          label: 'Surface finish',
          value: 'Honed bores, ground and hard-chromed rams',
        },
        {
          label: 'Standards',
          value: 'ASME PASE, EN 1494, or the customer drawing',
        },
      ],
      applications: [
        'Bottle jacks',
        'Floor and trolley jacks',
        'Automotive workshops',
        'Construction and lifting equipment',
        'Railway maintenance',
        'Industrial maintenance tools',
      ],
      cta: {
        title: 'Need hydraulic jack parts to your drawing?',
        text: 'Send us the drawing, material and quantity, and we will quote.',
      },
    },
    'pipe-fittings': {
      name: 'Pipe Fittings',
      photo: null,
      description: 'Forged high-pressure elbows, tees, couplings, unions and plugs in socket-weld and threaded ends.',
      intro:
        'Our forged fittings are made for high-pressure piping, with socket-weld and threaded ends machined to the standard.',
      features: [
        'Elbows, tees, crosses, couplings, unions, caps and plugs',
        'Socket-weld and threaded (NPT, BSP) ends',
        'Forged bodies for high-pressure service',
        'Precise threads and socket bores',
        'Hydrostatic testing on request',
        'Marked for full material traceability',
      ],
      specifications: [
        {
          label: 'Material',
          value: 'Carbon steel A105, alloy steel F11/F22, stainless steel F304/F316',
        },
        {
          label: 'Size range',
          value: '1/4 to 24 inch NPS',
        },
        {
          label: 'Pressure rating',
          value: '2000 to 6000 PSI',
        },
        {
          label: 'Types',
          value: 'Socket weld and threaded: elbow, tee, cross, coupling, union, cap, plug',
        },
        {
          label: 'Standards',
          value: 'ASME B16.11, MSS SP-79, MSS SP-83',
        },
      ],
      applications: [
        'Oil and gas processing',
        'Hydraulic and instrumentation lines',
        'Chemical and fertiliser plants',
        'Power plants',
        'Fire-fighting systems',
        'Pharmaceutical plants',
      ],
      cta: {
        title: 'Need pipe fittings to your drawing?',
        text: 'Send us the drawing, material and quantity, and we will quote.',
      },
    },
    'agriculture-parts': {
      name: 'Agriculture Parts',
      photo: null,
      description: 'Forged tillage, harvesting and tractor-linkage parts built for hard, abrasive work.',
      intro:
        'Farm equipment meets soil, stone and shock every day. Our forged parts keep their edge and their shape season after season.',
      features: [
        'Forged tines, blades, shares and linkage parts',
        'Wear-resistant alloy steels',
        'Through-hardening for abrasion resistance',
        'Tough cores that resist shock loads',
        'Made to OEM and replacement-market drawings',
        'Painted or oiled for storage and export',
      ],
      specifications: [
        {
          label: 'Material',
          value: 'Carbon steel (EN8, EN9), boron steel, spring steel (EN45)',
        },
        {
          label: 'Weight range',
          value: '0.5 to 100 kg',
        },
        {
          label: 'Heat treatment',
          value: 'Hardening and tempering, austempering',
        },
        {
          label: 'Process',
          value: 'Closed-die forging, trimming and machining',
        },
        {
          label: 'Standards',
          value: 'IS, ISO 730 linkage, or the customer drawing',
        },
      ],
      applications: [
        'Tractors and three-point linkages',
        'Ploughs and cultivators',
        'Rotavators and tillers',
        'Harvesters and threshers',
        'Seed drills and planters',
        'Irrigation equipment',
      ],
      cta: {
        title: 'Need agriculture parts to your drawing?',
        text: 'Send us the drawing, material and quantity, and we will quote.',
      },
    },
    'industrial-valve': {
      name: 'Industrial Valve',
      photo: null,
      description: 'Forged valve bodies, bonnets, balls, stems and discs for gate, globe, check and ball valves.',
      intro:
        'We forge and machine valve components for valve makers, with the sound, porosity-free bodies that high-pressure service needs.',
      features: [
        'Forged bodies, bonnets, balls, stems and discs',
        'Sound, porosity-free sections',
        'Precision-machined seats and bores',
        'Carbon, alloy and stainless steel grades',
        'Pressure testing and NDT on request',
        'Made to the valve maker’s drawing',
      ],
      specifications: [
        {
          label: 'Material',
          value: 'Carbon steel A105, alloy steel F11/F22, stainless steel F304/F316',
        },
        {
          label: 'Size range',
          value: '1/2 to 48 inch NPS',
        },
        {
          label: 'Pressure class',
          value: 'Class 150 to 2500',
        },
        {
          label: 'Types',
          value: 'Gate, globe, check and ball valve components',
        },
        {
          label: 'Standards',
          value: 'API 602, API 6D, ASME B16.34',
        },
      ],
      applications: [
        'Oil and gas',
        'Petrochemical plants',
        'Power generation',
        'Water supply and treatment',
        'Marine systems',
        'General process industries',
      ],
      cta: {
        title: 'Need industrial valve to your drawing?',
        text: 'Send us the drawing, material and quantity, and we will quote.',
      },
    },
    'transmission-parts': {
      name: 'Transmission Parts',
      photo: null,
      description: 'Forged gear blanks, shafts, flanges and couplings for gearboxes and drivelines.',
      intro:
        'Transmission parts carry torque day and night. We forge them with a grain flow that follows the part and harden them where they wear.',
      features: [
        'Forged gear blanks, shafts, yokes and couplings',
        'Grain flow that follows the part’s shape',
        'Case carburising and induction hardening',
        'Precision turning, hobbing and grinding',
        'Hardness and case-depth testing for every batch',
        'Balanced for smooth, quiet running',
      ],
      specifications: [
        {
          label: 'Material',
          value: 'Alloy steel (20MnCr5, EN353, 16MnCr5), carbon steel (C45)',
        },
        {
          label: 'Weight range',
          value: '0.2 to 30 kg',
        },
        {
          label: 'Surface hardness',
          value: '55 to 62 HRC',
        },
        {
          label: 'Heat treatment',
          value: 'Case carburising, induction hardening, hardening and tempering',
        },
        {
          label: 'Standards',
          value: 'AGMA, DIN 3962, or the customer drawing',
        },
      ],
      applications: [
        'Automotive gearboxes',
        'Industrial gear units',
        'Tractor transmissions',
        'Construction machinery',
        'Power take-off shafts',
        'Conveyors and material handling',
      ],
      cta: {
        title: 'Need transmission parts to your drawing?',
        text: 'Send us the drawing, material and quantity, and we will quote.',
      },
    },
  },
  capability: EMPTY_CAPABILITY,
  contact: {
    intro: 'We welcome your enquiry and will gladly help with drawings, samples and quotations.',
    acknowledgement: DEFAULT_ACKNOWLEDGEMENT,
  },
  legal: {
    privacy:
      'When you send an enquiry we store what you wrote and when, and use it only to answer you. We do not sell or share it. This site sets no tracking cookies.\n\nTo see the data we hold about you or to have it erased, or to raise a grievance about how we handle it, write to our grievance contact below with the e-mail address or phone number you used.',
    terms:
      'Product information on this site is a general description. Quotations, specifications and delivery terms are binding only when we confirm them in writing.',
  },
};
