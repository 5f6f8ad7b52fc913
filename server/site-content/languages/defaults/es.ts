/** The default content's texts in Spanish, by their English (see default-translations.ts). */
export const es: Record<string, string> = {
  'Hello, I would like to know more about your forged products.':
    'Hola, me gustaría saber más sobre sus productos forjados.',
  'Monday & Tuesday': 'Lunes y martes',
  '9:00 AM – 7:00 PM': '9:00 – 19:00',
  'Thursday – Sunday': 'Jueves – domingo',
  'Grievance Officer': 'Oficial de reclamaciones',
  'Precision Forged Components': 'Componentes forjados de precisión',
  'Closed-die and upset forging': 'Forja en matriz cerrada y forja por recalcado',
  'Carbon, alloy and stainless steel forgings, machined to your drawing and delivered to buyers across India and abroad.':
    'Piezas forjadas en acero al carbono, aleado e inoxidable, mecanizadas según su plano y entregadas a compradores en la India y en el extranjero.',
  'Explore Products': 'Ver productos',
  'Built on Expertise Since 2015': 'Experiencia desde 2015',
  'ISO 9001:2015 certified': 'Certificados ISO 9001:2015',
  'A forging team with hands-on experience since 2015, and a quality system that checks every batch before it ships.':
    'Un equipo de forja con experiencia práctica desde 2015 y un sistema de calidad que revisa cada lote antes del envío.',
  'About Us': 'Quiénes somos',
  'Your Drawing, Our Forge': 'Su plano, nuestra forja',
  'Custom forgings for exporters and OEMs': 'Forjados a medida para exportadores y fabricantes de equipos originales',
  'Send us your drawing and quantities. We reply with a clear quotation and lead time.':
    'Envíenos su plano y las cantidades. Le respondemos con una cotización clara y el plazo de entrega.',
  'Contact Us': 'Contacto',
  'Established in 2021, with forging expertise since 2015, we make closed-die and upset forgings and precision-machined parts for buyers and importers in India and abroad.':
    'Fundada en 2021, con experiencia en forja desde 2015, fabricamos piezas forjadas en matriz cerrada y por recalcado, y piezas mecanizadas de precisión para compradores e importadores en la India y en el extranjero.',
  'Precision CNC machining': 'Mecanizado CNC de precisión',
  'Carbon, alloy and stainless steel': 'Acero al carbono, aleado e inoxidable',
  'Ready to source forged parts?': '¿Busca piezas forjadas?',
  'Tell us the part, material and quantity. We reply with a quotation and lead time.':
    'Indíquenos la pieza, el material y la cantidad. Le respondemos con una cotización y el plazo de entrega.',
  'Forging expertise since 2015, established in 2021.': 'Experiencia en forja desde 2015, fundada en 2021.',
  'Our company was established in 2021 near Gondal in Rajkot, Gujarat, one of India’s busiest engineering belts. Our founders have worked in forging since 2015, and they built the company on that experience.\n\nToday we make closed-die and upset forgings and precision-machined parts in carbon, alloy and stainless steel, for auto, flange, hydraulic, pipe-fitting, agriculture, valve and transmission customers in India and overseas. Our quality system is certified to ISO 9001:2015.':
    'Nuestra empresa se fundó en 2021 cerca de Gondal, en Rajkot (Gujarat), uno de los polos de ingeniería más activos de la India. Nuestros fundadores trabajan en la forja desde 2015 y construyeron la empresa sobre esa experiencia.\n\nHoy fabricamos piezas forjadas en matriz cerrada y por recalcado, y piezas mecanizadas de precisión en acero al carbono, aleado e inoxidable, para clientes de los sectores de automoción, bridas, hidráulica, accesorios de tubería, agricultura, válvulas y transmisión en la India y en el extranjero. Nuestro sistema de calidad está certificado según ISO 9001:2015.',
  'To supply forged and machined parts that fit the first time, arrive when promised and last in service, at a fair price.':
    'Suministrar piezas forjadas y mecanizadas que encajen a la primera, lleguen cuando se prometió y duren en servicio, a un precio justo.',
  'To be the forging partner that buyers across the world name first when they need dependable parts from India.':
    'Ser el socio de forja que los compradores de todo el mundo nombran primero cuando necesitan piezas fiables de la India.',
  'Customer Focus': 'Orientación al cliente',
  'We listen first, quote clearly and keep every buyer informed from sample to shipment.':
    'Primero escuchamos, cotizamos con claridad y mantenemos informado a cada comprador desde la muestra hasta el envío.',
  Excellence: 'Excelencia',
  'We measure, record and improve, so that every batch meets the drawing.':
    'Medimos, registramos y mejoramos para que cada lote cumpla con el plano.',
  Collaboration: 'Colaboración',
  'Our engineers work with yours on materials, tolerances and cost.':
    'Nuestros ingenieros trabajan con los suyos en materiales, tolerancias y costes.',
  Growth: 'Crecimiento',
  'We invest in people, dies and machines to serve larger and more demanding orders.':
    'Invertimos en personas, matrices y máquinas para atender pedidos más grandes y exigentes.',
  CEO: 'Director general',
  'Leads the company’s strategy, customer relationships and export growth, with forging experience since 2015.':
    'Dirige la estrategia de la empresa, las relaciones con los clientes y el crecimiento de las exportaciones, con experiencia en forja desde 2015.',
  Director: 'Director',
  'Runs production and quality: die design, forging, heat treatment, machining and inspection.':
    'Dirige la producción y la calidad: diseño de matrices, forja, tratamiento térmico, mecanizado e inspección.',
  'Auto Parts': 'Piezas de automoción',
  'Closed-die forged automotive components: connecting rods, yokes, hubs and steering parts.':
    'Componentes de automoción forjados en matriz cerrada: bielas, horquillas, bujes y piezas de dirección.',
  'We forge and machine automotive components for vehicle makers and their suppliers, holding tight tolerances from the first piece to the last.':
    'Forjamos y mecanizamos componentes de automoción para fabricantes de vehículos y sus proveedores, con tolerancias estrechas desde la primera pieza hasta la última.',
  'Closed-die forging for dense, continuous grain flow': 'Forja en matriz cerrada para una fibra densa y continua',
  'Precision CNC machining to drawing tolerances': 'Mecanizado CNC de precisión según las tolerancias del plano',
  'Consistent dimensions across high-volume batches': 'Dimensiones constantes en lotes de gran volumen',
  'Controlled heat treatment for strength and toughness': 'Tratamiento térmico controlado para resistencia y tenacidad',
  '100% visual and sample dimensional inspection': 'Inspección visual al 100 % e inspección dimensional por muestreo',
  'Shot blasting, oiling or painting to order': 'Granallado, aceitado o pintado según pedido',
  Material: 'Material',
  'Carbon steel (EN8, EN9, C45), alloy steel (EN19, EN24, 20MnCr5)':
    'Acero al carbono (EN8, EN9, C45), acero aleado (EN19, EN24, 20MnCr5)',
  'Weight range': 'Rango de peso',
  '0.1 to 50 kg': '0,1 a 50 kg',
  'Heat treatment': 'Tratamiento térmico',
  'Normalising, hardening and tempering, case carburising': 'Normalizado, temple y revenido, cementación',
  Process: 'Proceso',
  'Closed-die and upset forging with CNC machining': 'Forja en matriz cerrada y por recalcado con mecanizado CNC',
  Standards: 'Normas',
  'ASTM, DIN, IS, or the customer drawing': 'ASTM, DIN, IS o el plano del cliente',
  'Passenger cars': 'Turismos',
  'Commercial vehicles': 'Vehículos comerciales',
  'Two-wheelers': 'Vehículos de dos ruedas',
  'Tractors and off-highway vehicles': 'Tractores y vehículos todoterreno',
  'Steering and suspension systems': 'Sistemas de dirección y suspensión',
  'Engine and driveline assemblies': 'Conjuntos de motor y transmisión',
  'Need auto parts to your drawing?': '¿Necesita piezas de automoción según su plano?',
  'Send us the drawing, material and quantity, and we will quote.':
    'Envíenos el plano, el material y la cantidad, y le enviaremos una cotización.',
  Flanges: 'Bridas',
  'Forged weld-neck, slip-on, blind, socket-weld and threaded flanges in carbon, alloy and stainless steel.':
    'Bridas forjadas de cuello para soldar, deslizantes, ciegas, de enchufe para soldar y roscadas, en acero al carbono, aleado e inoxidable.',
  'Our flanges are forged from certified bar and billet, machined to standard or custom dimensions and supplied with mill test certificates.':
    'Nuestras bridas se forjan a partir de barras y palanquillas certificadas, se mecanizan a medidas estándar o especiales y se suministran con certificados de ensayo de fábrica.',
  'Weld-neck, slip-on, blind, socket-weld, threaded and lap-joint types':
    'Tipos de cuello para soldar, deslizante, ciega, de enchufe para soldar, roscada y loca',
  'Raised face, flat face and ring-type joint facings': 'Caras con resalte, planas y de junta tipo anillo (RTJ)',
  'Forged blanks for sound, leak-free sections': 'Preformas forjadas para secciones sanas y estancas',
  'CNC-machined bores, faces and bolt circles': 'Taladros, caras y círculos de pernos mecanizados por CNC',
  'Material traceability with mill test certificates':
    'Trazabilidad del material con certificados de ensayo de fábrica',
  'Custom and drawing-based flanges on request': 'Bridas especiales y según plano a petición',
  'Carbon steel A105, alloy steel F11/F22, stainless steel F304/F316':
    'Acero al carbono A105, acero aleado F11/F22, acero inoxidable F304/F316',
  'Size range': 'Rango de tamaños',
  '1/2 to 60 inch NPS': 'NPS 1/2 a 60 pulgadas',
  'Pressure class': 'Clase de presión',
  '150# to 2500#': '150# a 2500#',
  Types: 'Tipos',
  'Weld neck, slip-on, blind, socket weld, threaded, lap joint':
    'Cuello para soldar, deslizante, ciega, enchufe para soldar, roscada, loca',
  'ASME B16.5, ASME B16.47, EN 1092-1': 'ASME B16.5, ASME B16.47, EN 1092-1',
  'Oil and gas pipelines': 'Oleoductos y gasoductos',
  'Refineries and petrochemical plants': 'Refinerías y plantas petroquímicas',
  'Power generation': 'Generación de energía',
  'Water treatment and desalination': 'Tratamiento de agua y desalinización',
  'Chemical processing': 'Procesos químicos',
  Shipbuilding: 'Construcción naval',
  'Need flanges to your drawing?': '¿Necesita bridas según su plano?',
  'Hydraulic Jack Parts': 'Piezas para gatos hidráulicos',
  'Forged and machined cylinders, rams, bases and saddles for bottle and floor jacks.':
    'Cilindros, vástagos, bases y cabezales forjados y mecanizados para gatos de botella y gatos de carretilla.',
  'We supply the load-bearing parts of hydraulic jacks, forged for strength and machined for a smooth, sealed fit.':
    'Suministramos las piezas portantes de los gatos hidráulicos, forjadas para resistir y mecanizadas para un ajuste suave y estanco.',
  'Forged rams, cylinders, bases and saddles': 'Vástagos, cilindros, bases y cabezales forjados',
  'Honed and ground bores for reliable sealing': 'Interiores bruñidos y rectificados para un sellado fiable',
  'High load capacity from dense forged sections': 'Alta capacidad de carga gracias a secciones forjadas densas',
  'Pressure-tested assemblies on request': 'Conjuntos probados a presión a petición',
  'Corrosion protection by plating or painting': 'Protección contra la corrosión mediante recubrimiento o pintura',
  'Made to drawing for OEM jack makers': 'Fabricadas según plano para fabricantes de gatos',
  'Carbon steel (C45, EN8), alloy steel (EN19, 42CrMo4)': 'Acero al carbono (C45, EN8), acero aleado (EN19, 42CrMo4)',
  'Load capacity': 'Capacidad de carga',
  'Up to 100 tons': 'Hasta 100 toneladas',
  'Hardening and tempering, induction hardening': 'Temple y revenido, temple por inducción',
  'Surface finish': 'Acabado superficial',
  'Honed bores, ground and hard-chromed rams': 'Interiores bruñidos, vástagos rectificados y con cromo duro',
  'ASME PASE, EN 1494, or the customer drawing': 'ASME PASE, EN 1494 o el plano del cliente',
  'Bottle jacks': 'Gatos de botella',
  'Floor and trolley jacks': 'Gatos de carretilla y de taller',
  'Automotive workshops': 'Talleres de automoción',
  'Construction and lifting equipment': 'Equipos de construcción y elevación',
  'Railway maintenance': 'Mantenimiento ferroviario',
  'Industrial maintenance tools': 'Herramientas de mantenimiento industrial',
  'Need hydraulic jack parts to your drawing?': '¿Necesita piezas para gatos hidráulicos según su plano?',
  'Pipe Fittings': 'Accesorios de tubería',
  'Forged high-pressure elbows, tees, couplings, unions and plugs in socket-weld and threaded ends.':
    'Codos, tes, manguitos, uniones y tapones forjados de alta presión, con extremos de enchufe para soldar y roscados.',
  'Our forged fittings are made for high-pressure piping, with socket-weld and threaded ends machined to the standard.':
    'Nuestros accesorios forjados están hechos para tuberías de alta presión, con extremos de enchufe para soldar y roscados mecanizados según la norma.',
  'Elbows, tees, crosses, couplings, unions, caps and plugs':
    'Codos, tes, cruces, manguitos, uniones, casquetes y tapones',
  'Socket-weld and threaded (NPT, BSP) ends': 'Extremos de enchufe para soldar y roscados (NPT, BSP)',
  'Forged bodies for high-pressure service': 'Cuerpos forjados para servicio de alta presión',
  'Precise threads and socket bores': 'Roscas y alojamientos de enchufe precisos',
  'Hydrostatic testing on request': 'Prueba hidrostática a petición',
  'Marked for full material traceability': 'Marcados para una trazabilidad completa del material',
  '1/4 to 24 inch NPS': 'NPS 1/4 a 24 pulgadas',
  'Pressure rating': 'Presión nominal',
  '2000 to 6000 PSI': '2000 a 6000 PSI',
  'Socket weld and threaded: elbow, tee, cross, coupling, union, cap, plug':
    'Enchufe para soldar y roscados: codo, te, cruz, manguito, unión, casquete, tapón',
  'ASME B16.11, MSS SP-79, MSS SP-83': 'ASME B16.11, MSS SP-79, MSS SP-83',
  'Oil and gas processing': 'Procesamiento de petróleo y gas',
  'Hydraulic and instrumentation lines': 'Líneas hidráulicas y de instrumentación',
  'Chemical and fertiliser plants': 'Plantas químicas y de fertilizantes',
  'Power plants': 'Centrales eléctricas',
  'Fire-fighting systems': 'Sistemas contra incendios',
  'Pharmaceutical plants': 'Plantas farmacéuticas',
  'Need pipe fittings to your drawing?': '¿Necesita accesorios de tubería según su plano?',
  'Agriculture Parts': 'Piezas agrícolas',
  'Forged tillage, harvesting and tractor-linkage parts built for hard, abrasive work.':
    'Piezas forjadas para labranza, cosecha y enganche de tractores, hechas para trabajos duros y abrasivos.',
  'Farm equipment meets soil, stone and shock every day. Our forged parts keep their edge and their shape season after season.':
    'La maquinaria agrícola se enfrenta cada día a tierra, piedras y golpes. Nuestras piezas forjadas mantienen su filo y su forma temporada tras temporada.',
  'Forged tines, blades, shares and linkage parts': 'Púas, cuchillas, rejas y piezas de enganche forjadas',
  'Wear-resistant alloy steels': 'Aceros aleados resistentes al desgaste',
  'Through-hardening for abrasion resistance': 'Temple integral para resistencia a la abrasión',
  'Tough cores that resist shock loads': 'Núcleos tenaces que resisten cargas de impacto',
  'Made to OEM and replacement-market drawings': 'Fabricadas según planos de equipo original y de recambio',
  'Painted or oiled for storage and export': 'Pintadas o aceitadas para almacenamiento y exportación',
  'Carbon steel (EN8, EN9), boron steel, spring steel (EN45)':
    'Acero al carbono (EN8, EN9), acero al boro, acero para muelles (EN45)',
  '0.5 to 100 kg': '0,5 a 100 kg',
  'Hardening and tempering, austempering': 'Temple y revenido, austempering',
  'Closed-die forging, trimming and machining': 'Forja en matriz cerrada, desbarbado y mecanizado',
  'IS, ISO 730 linkage, or the customer drawing': 'IS, ISO 730 (enganche), o el plano del cliente',
  'Tractors and three-point linkages': 'Tractores y enganches de tres puntos',
  'Ploughs and cultivators': 'Arados y cultivadores',
  'Rotavators and tillers': 'Rotovatores y motocultores',
  'Harvesters and threshers': 'Cosechadoras y trilladoras',
  'Seed drills and planters': 'Sembradoras y plantadoras',
  'Irrigation equipment': 'Equipos de riego',
  'Need agriculture parts to your drawing?': '¿Necesita piezas agrícolas según su plano?',
  'Industrial Valve': 'Válvulas industriales',
  'Forged valve bodies, bonnets, balls, stems and discs for gate, globe, check and ball valves.':
    'Cuerpos, bonetes, bolas, vástagos y discos forjados para válvulas de compuerta, de globo, de retención y de bola.',
  'We forge and machine valve components for valve makers, with the sound, porosity-free bodies that high-pressure service needs.':
    'Forjamos y mecanizamos componentes de válvulas para fabricantes de válvulas, con los cuerpos sanos y sin porosidad que exige el servicio de alta presión.',
  'Forged bodies, bonnets, balls, stems and discs': 'Cuerpos, bonetes, bolas, vástagos y discos forjados',
  'Sound, porosity-free sections': 'Secciones sanas y sin porosidad',
  'Precision-machined seats and bores': 'Asientos y taladros mecanizados con precisión',
  'Carbon, alloy and stainless steel grades': 'Calidades de acero al carbono, aleado e inoxidable',
  'Pressure testing and NDT on request': 'Pruebas de presión y END a petición',
  'Made to the valve maker’s drawing': 'Fabricados según el plano del fabricante de válvulas',
  '1/2 to 48 inch NPS': 'NPS 1/2 a 48 pulgadas',
  'Class 150 to 2500': 'Clase 150 a 2500',
  'Gate, globe, check and ball valve components':
    'Componentes para válvulas de compuerta, de globo, de retención y de bola',
  'API 602, API 6D, ASME B16.34': 'API 602, API 6D, ASME B16.34',
  'Oil and gas': 'Petróleo y gas',
  'Petrochemical plants': 'Plantas petroquímicas',
  'Water supply and treatment': 'Abastecimiento y tratamiento de agua',
  'Marine systems': 'Sistemas navales',
  'General process industries': 'Industrias de proceso en general',
  'Need industrial valve to your drawing?': '¿Necesita componentes de válvulas según su plano?',
  'Transmission Parts': 'Piezas de transmisión',
  'Forged gear blanks, shafts, flanges and couplings for gearboxes and drivelines.':
    'Preformas de engranajes, ejes, bridas y acoplamientos forjados para cajas de cambios y transmisiones.',
  'Transmission parts carry torque day and night. We forge them with a grain flow that follows the part and harden them where they wear.':
    'Las piezas de transmisión transmiten par día y noche. Las forjamos con una fibra que sigue la forma de la pieza y las endurecemos donde se desgastan.',
  'Forged gear blanks, shafts, yokes and couplings':
    'Preformas de engranajes, ejes, horquillas y acoplamientos forjados',
  'Grain flow that follows the part’s shape': 'Fibra que sigue la forma de la pieza',
  'Case carburising and induction hardening': 'Cementación y temple por inducción',
  'Precision turning, hobbing and grinding': 'Torneado, tallado por fresa madre y rectificado de precisión',
  'Hardness and case-depth testing for every batch': 'Ensayos de dureza y de profundidad de capa en cada lote',
  'Balanced for smooth, quiet running': 'Equilibradas para un funcionamiento suave y silencioso',
  'Alloy steel (20MnCr5, EN353, 16MnCr5), carbon steel (C45)':
    'Acero aleado (20MnCr5, EN353, 16MnCr5), acero al carbono (C45)',
  '0.2 to 30 kg': '0,2 a 30 kg',
  'Surface hardness': 'Dureza superficial',
  '55 to 62 HRC': '55 a 62 HRC',
  'Case carburising, induction hardening, hardening and tempering':
    'Cementación, temple por inducción, temple y revenido',
  'AGMA, DIN 3962, or the customer drawing': 'AGMA, DIN 3962 o el plano del cliente',
  'Automotive gearboxes': 'Cajas de cambios de automoción',
  'Industrial gear units': 'Reductores industriales',
  'Tractor transmissions': 'Transmisiones de tractores',
  'Construction machinery': 'Maquinaria de construcción',
  'Power take-off shafts': 'Ejes de toma de fuerza',
  'Conveyors and material handling': 'Transportadores y manutención de materiales',
  'Need transmission parts to your drawing?': '¿Necesita piezas de transmisión según su plano?',
  'We welcome your enquiry and will gladly help with drawings, samples and quotations.':
    'Estaremos encantados de recibir su consulta y de ayudarle con planos, muestras y cotizaciones.',
  'Dear {name},\n\nThank you for your enquiry. It has reached us, and its reference number is {reference}. Please keep the number in the subject when you write to us about it, or simply reply to this e-mail.\n\nWe usually answer within one working day, during our business hours below.':
    'Estimado/a {name}:\n\nGracias por su consulta. La hemos recibido y su número de referencia es {reference}. Conserve el número en el asunto cuando nos escriba sobre ella, o simplemente responda a este correo.\n\nSolemos responder en un día laborable, dentro de nuestro horario de atención indicado abajo.',
  'When you send an enquiry we store what you wrote and when, and use it only to answer you. We do not sell or share it. This site sets no tracking cookies.\n\nTo see the data we hold about you or to have it erased, or to raise a grievance about how we handle it, write to our grievance contact below with the e-mail address or phone number you used.':
    'Cuando nos envía una consulta, guardamos lo que escribió y cuándo, y lo usamos solo para responderle. No lo vendemos ni lo compartimos. Este sitio no utiliza cookies de seguimiento.\n\nPara ver los datos que tenemos sobre usted o pedir que se borren, o para presentar una reclamación sobre cómo los tratamos, escriba a nuestro contacto de reclamaciones indicado abajo con la dirección de correo o el número de teléfono que utilizó.',
  'Product information on this site is a general description. Quotations, specifications and delivery terms are binding only when we confirm them in writing.':
    'La información de productos de este sitio es una descripción general. Las cotizaciones, especificaciones y condiciones de entrega solo son vinculantes cuando las confirmamos por escrito.',
};
