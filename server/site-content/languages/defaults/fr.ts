/** The default content's texts in French, by their English (see default-translations.ts). */
export const fr: Record<string, string> = {
  'Hello, I would like to know more about your forged products.':
    'Bonjour, j’aimerais en savoir plus sur vos pièces forgées.',
  'Monday & Tuesday': 'Lundi et mardi',
  '9:00 AM – 7:00 PM': '9 h 00 – 19 h 00',
  'Thursday – Sunday': 'Jeudi – dimanche',
  'Grievance Officer': 'Responsable des réclamations',
  'Precision Forged Components': 'Pièces forgées de précision',
  'Closed-die and upset forging': 'Estampage en matrice fermée et forgeage par refoulement',
  'Carbon, alloy and stainless steel forgings, machined to your drawing and delivered to buyers across India and abroad.':
    'Pièces forgées en acier au carbone, allié et inoxydable, usinées selon votre plan et livrées aux acheteurs en Inde et à l’étranger.',
  'Explore Products': 'Voir les produits',
  'Built on Expertise Since 2015': 'Une expertise depuis 2015',
  'ISO 9001:2015 certified': 'Certifiés ISO 9001:2015',
  'A forging team with hands-on experience since 2015, and a quality system that checks every batch before it ships.':
    'Une équipe de forge expérimentée depuis 2015 et un système qualité qui contrôle chaque lot avant expédition.',
  'About Us': 'À propos',
  'Your Drawing, Our Forge': 'Votre plan, notre forge',
  'Custom forgings for exporters and OEMs': 'Pièces forgées sur mesure pour exportateurs et équipementiers',
  'Send us your drawing and quantities. We reply with a clear quotation and lead time.':
    'Envoyez-nous votre plan et les quantités. Nous répondons par un devis clair et un délai de livraison.',
  'Contact Us': 'Contact',
  'Established in 2021, with forging expertise since 2015, we make closed-die and upset forgings and precision-machined parts for buyers and importers in India and abroad.':
    'Fondée en 2021, forte d’une expertise en forge depuis 2015, notre entreprise fabrique des pièces estampées en matrice fermée, forgées par refoulement et usinées avec précision pour des acheteurs et importateurs en Inde et à l’étranger.',
  'Precision CNC machining': 'Usinage CNC de précision',
  'Carbon, alloy and stainless steel': 'Acier au carbone, allié et inoxydable',
  'Ready to source forged parts?': 'Vous cherchez des pièces forgées ?',
  'Tell us the part, material and quantity. We reply with a quotation and lead time.':
    'Indiquez-nous la pièce, la matière et la quantité. Nous répondons par un devis et un délai de livraison.',
  'Forging expertise since 2015, established in 2021.': 'Expertise en forge depuis 2015, fondée en 2021.',
  'Our company was established in 2021 near Gondal in Rajkot, Gujarat, one of India’s busiest engineering belts. Our founders have worked in forging since 2015, and they built the company on that experience.\n\nToday we make closed-die and upset forgings and precision-machined parts in carbon, alloy and stainless steel, for auto, flange, hydraulic, pipe-fitting, agriculture, valve and transmission customers in India and overseas. Our quality system is certified to ISO 9001:2015.':
    'Notre entreprise a été fondée en 2021 près de Gondal, dans le district de Rajkot (Gujarat), l’un des pôles industriels les plus actifs de l’Inde. Nos fondateurs travaillent dans la forge depuis 2015 et ont bâti l’entreprise sur cette expérience.\n\nAujourd’hui, nous fabriquons des pièces estampées en matrice fermée, forgées par refoulement et usinées avec précision, en acier au carbone, allié et inoxydable, pour des clients de l’automobile, des brides, de l’hydraulique, des raccords de tuyauterie, de l’agriculture, de la robinetterie et de la transmission, en Inde et à l’étranger. Notre système qualité est certifié ISO 9001:2015.',
  'To supply forged and machined parts that fit the first time, arrive when promised and last in service, at a fair price.':
    'Fournir des pièces forgées et usinées qui conviennent du premier coup, arrivent à la date promise et durent en service, à un prix juste.',
  'To be the forging partner that buyers across the world name first when they need dependable parts from India.':
    'Être le partenaire de forge que les acheteurs du monde entier citent en premier lorsqu’ils ont besoin de pièces fiables venant d’Inde.',
  'Customer Focus': 'Orientation client',
  'We listen first, quote clearly and keep every buyer informed from sample to shipment.':
    'Nous écoutons d’abord, chiffrons clairement et tenons chaque acheteur informé, de l’échantillon à l’expédition.',
  Excellence: 'Excellence',
  'We measure, record and improve, so that every batch meets the drawing.':
    'Nous mesurons, enregistrons et améliorons, pour que chaque lot soit conforme au plan.',
  Collaboration: 'Collaboration',
  'Our engineers work with yours on materials, tolerances and cost.':
    'Nos ingénieurs travaillent avec les vôtres sur les matières, les tolérances et les coûts.',
  Growth: 'Croissance',
  'We invest in people, dies and machines to serve larger and more demanding orders.':
    'Nous investissons dans les personnes, les matrices et les machines pour servir des commandes plus importantes et plus exigeantes.',
  CEO: 'Directeur général',
  'Leads the company’s strategy, customer relationships and export growth, with forging experience since 2015.':
    'Dirige la stratégie de l’entreprise, les relations clients et le développement à l’export, avec une expérience de la forge depuis 2015.',
  Director: 'Directeur',
  'Runs production and quality: die design, forging, heat treatment, machining and inspection.':
    'Dirige la production et la qualité : conception des matrices, forgeage, traitement thermique, usinage et contrôle.',
  'Auto Parts': 'Pièces automobiles',
  'Closed-die forged automotive components: connecting rods, yokes, hubs and steering parts.':
    'Composants automobiles estampés en matrice fermée : bielles, chapes, moyeux et pièces de direction.',
  'We forge and machine automotive components for vehicle makers and their suppliers, holding tight tolerances from the first piece to the last.':
    'Nous forgeons et usinons des composants automobiles pour les constructeurs et leurs fournisseurs, en tenant des tolérances serrées de la première à la dernière pièce.',
  'Closed-die forging for dense, continuous grain flow': 'Estampage en matrice fermée pour un fibrage dense et continu',
  'Precision CNC machining to drawing tolerances': 'Usinage CNC de précision selon les tolérances du plan',
  'Consistent dimensions across high-volume batches': 'Cotes constantes sur les grandes séries',
  'Controlled heat treatment for strength and toughness':
    'Traitement thermique maîtrisé pour la résistance et la ténacité',
  '100% visual and sample dimensional inspection':
    'Contrôle visuel à 100 % et contrôle dimensionnel par échantillonnage',
  'Shot blasting, oiling or painting to order': 'Grenaillage, huilage ou peinture sur demande',
  Material: 'Matière',
  'Carbon steel (EN8, EN9, C45), alloy steel (EN19, EN24, 20MnCr5)':
    'Acier au carbone (EN8, EN9, C45), acier allié (EN19, EN24, 20MnCr5)',
  'Weight range': 'Plage de poids',
  '0.1 to 50 kg': '0,1 à 50 kg',
  'Heat treatment': 'Traitement thermique',
  'Normalising, hardening and tempering, case carburising': 'Normalisation, trempe et revenu, cémentation',
  Process: 'Procédé',
  'Closed-die and upset forging with CNC machining':
    'Estampage en matrice fermée et forgeage par refoulement avec usinage CNC',
  Standards: 'Normes',
  'ASTM, DIN, IS, or the customer drawing': 'ASTM, DIN, IS, ou le plan du client',
  'Passenger cars': 'Voitures particulières',
  'Commercial vehicles': 'Véhicules utilitaires',
  'Two-wheelers': 'Deux-roues',
  'Tractors and off-highway vehicles': 'Tracteurs et engins tout-terrain',
  'Steering and suspension systems': 'Systèmes de direction et de suspension',
  'Engine and driveline assemblies': 'Ensembles moteur et transmission',
  'Need auto parts to your drawing?': 'Besoin de pièces automobiles selon votre plan ?',
  'Send us the drawing, material and quantity, and we will quote.':
    'Envoyez-nous le plan, la matière et la quantité : nous vous ferons un devis.',
  Flanges: 'Brides',
  'Forged weld-neck, slip-on, blind, socket-weld and threaded flanges in carbon, alloy and stainless steel.':
    'Brides forgées à collerette, plates à emboîter, pleines, à emboîter-souder et taraudées, en acier au carbone, allié et inoxydable.',
  'Our flanges are forged from certified bar and billet, machined to standard or custom dimensions and supplied with mill test certificates.':
    'Nos brides sont forgées à partir de barres et de billettes certifiées, usinées aux dimensions normalisées ou spéciales et livrées avec certificats matière.',
  'Weld-neck, slip-on, blind, socket-weld, threaded and lap-joint types':
    'Types à collerette, plate à emboîter, pleine, à emboîter-souder, taraudée et tournante',
  'Raised face, flat face and ring-type joint facings':
    'Portées de joint surélevées, plates et à joint annulaire (RTJ)',
  'Forged blanks for sound, leak-free sections': 'Ébauches forgées pour des sections saines et étanches',
  'CNC-machined bores, faces and bolt circles': 'Alésages, portées et cercles de perçage usinés CNC',
  'Material traceability with mill test certificates': 'Traçabilité matière avec certificats matière',
  'Custom and drawing-based flanges on request': 'Brides spéciales et selon plan sur demande',
  'Carbon steel A105, alloy steel F11/F22, stainless steel F304/F316':
    'Acier au carbone A105, acier allié F11/F22, acier inoxydable F304/F316',
  'Size range': 'Plage de dimensions',
  '1/2 to 60 inch NPS': 'NPS 1/2 à 60 pouces',
  'Pressure class': 'Classe de pression',
  '150# to 2500#': '150# à 2500#',
  Types: 'Types',
  'Weld neck, slip-on, blind, socket weld, threaded, lap joint':
    'À collerette, plate à emboîter, pleine, à emboîter-souder, taraudée, tournante',
  'ASME B16.5, ASME B16.47, EN 1092-1': 'ASME B16.5, ASME B16.47, EN 1092-1',
  'Oil and gas pipelines': 'Oléoducs et gazoducs',
  'Refineries and petrochemical plants': 'Raffineries et usines pétrochimiques',
  'Power generation': 'Production d’énergie',
  'Water treatment and desalination': 'Traitement de l’eau et dessalement',
  'Chemical processing': 'Industrie chimique',
  Shipbuilding: 'Construction navale',
  'Need flanges to your drawing?': 'Besoin de brides selon votre plan ?',
  'Hydraulic Jack Parts': 'Pièces de crics hydrauliques',
  'Forged and machined cylinders, rams, bases and saddles for bottle and floor jacks.':
    'Cylindres, pistons, embases et têtes forgés et usinés pour crics bouteille et crics rouleurs.',
  'We supply the load-bearing parts of hydraulic jacks, forged for strength and machined for a smooth, sealed fit.':
    'Nous fournissons les pièces porteuses des crics hydrauliques, forgées pour la résistance et usinées pour un ajustement fluide et étanche.',
  'Forged rams, cylinders, bases and saddles': 'Pistons, cylindres, embases et têtes forgés',
  'Honed and ground bores for reliable sealing': 'Alésages rodés et rectifiés pour une étanchéité fiable',
  'High load capacity from dense forged sections': 'Grande capacité de charge grâce à des sections forgées denses',
  'Pressure-tested assemblies on request': 'Ensembles éprouvés sous pression sur demande',
  'Corrosion protection by plating or painting': 'Protection anticorrosion par revêtement ou peinture',
  'Made to drawing for OEM jack makers': 'Fabriquées selon plan pour les fabricants de crics',
  'Carbon steel (C45, EN8), alloy steel (EN19, 42CrMo4)': 'Acier au carbone (C45, EN8), acier allié (EN19, 42CrMo4)',
  'Load capacity': 'Capacité de charge',
  'Up to 100 tons': 'Jusqu’à 100 tonnes',
  'Hardening and tempering, induction hardening': 'Trempe et revenu, trempe par induction',
  'Surface finish': 'État de surface',
  'Honed bores, ground and hard-chromed rams': 'Alésages rodés, pistons rectifiés et chromés dur',
  'ASME PASE, EN 1494, or the customer drawing': 'ASME PASE, EN 1494, ou le plan du client',
  'Bottle jacks': 'Crics bouteille',
  'Floor and trolley jacks': 'Crics rouleurs et crics de garage',
  'Automotive workshops': 'Ateliers automobiles',
  'Construction and lifting equipment': 'Matériel de construction et de levage',
  'Railway maintenance': 'Maintenance ferroviaire',
  'Industrial maintenance tools': 'Outillage de maintenance industrielle',
  'Need hydraulic jack parts to your drawing?': 'Besoin de pièces de crics hydrauliques selon votre plan ?',
  'Pipe Fittings': 'Raccords de tuyauterie',
  'Forged high-pressure elbows, tees, couplings, unions and plugs in socket-weld and threaded ends.':
    'Coudes, tés, manchons, raccords union et bouchons forgés haute pression, à emboîter-souder et taraudés.',
  'Our forged fittings are made for high-pressure piping, with socket-weld and threaded ends machined to the standard.':
    'Nos raccords forgés sont conçus pour la tuyauterie haute pression, avec des extrémités à emboîter-souder et taraudées usinées selon la norme.',
  'Elbows, tees, crosses, couplings, unions, caps and plugs':
    'Coudes, tés, croix, manchons, raccords union, calottes et bouchons',
  'Socket-weld and threaded (NPT, BSP) ends': 'Extrémités à emboîter-souder et taraudées (NPT, BSP)',
  'Forged bodies for high-pressure service': 'Corps forgés pour le service haute pression',
  'Precise threads and socket bores': 'Filetages et alésages d’emboîtement précis',
  'Hydrostatic testing on request': 'Épreuve hydrostatique sur demande',
  'Marked for full material traceability': 'Marqués pour une traçabilité matière complète',
  '1/4 to 24 inch NPS': 'NPS 1/4 à 24 pouces',
  'Pressure rating': 'Pression nominale',
  '2000 to 6000 PSI': '2000 à 6000 PSI',
  'Socket weld and threaded: elbow, tee, cross, coupling, union, cap, plug':
    'À emboîter-souder et taraudés : coude, té, croix, manchon, raccord union, calotte, bouchon',
  'ASME B16.11, MSS SP-79, MSS SP-83': 'ASME B16.11, MSS SP-79, MSS SP-83',
  'Oil and gas processing': 'Traitement du pétrole et du gaz',
  'Hydraulic and instrumentation lines': 'Lignes hydrauliques et d’instrumentation',
  'Chemical and fertiliser plants': 'Usines chimiques et d’engrais',
  'Power plants': 'Centrales électriques',
  'Fire-fighting systems': 'Systèmes de lutte contre l’incendie',
  'Pharmaceutical plants': 'Usines pharmaceutiques',
  'Need pipe fittings to your drawing?': 'Besoin de raccords de tuyauterie selon votre plan ?',
  'Agriculture Parts': 'Pièces agricoles',
  'Forged tillage, harvesting and tractor-linkage parts built for hard, abrasive work.':
    'Pièces forgées pour le travail du sol, la récolte et l’attelage des tracteurs, conçues pour les travaux durs et abrasifs.',
  'Farm equipment meets soil, stone and shock every day. Our forged parts keep their edge and their shape season after season.':
    'Le matériel agricole affronte chaque jour la terre, les pierres et les chocs. Nos pièces forgées gardent leur tranchant et leur forme, saison après saison.',
  'Forged tines, blades, shares and linkage parts': 'Dents, lames, socs et pièces d’attelage forgés',
  'Wear-resistant alloy steels': 'Aciers alliés résistants à l’usure',
  'Through-hardening for abrasion resistance': 'Trempe à cœur pour la résistance à l’abrasion',
  'Tough cores that resist shock loads': 'Cœurs tenaces qui résistent aux chocs',
  'Made to OEM and replacement-market drawings': 'Fabriquées selon les plans de première monte et de rechange',
  'Painted or oiled for storage and export': 'Peintes ou huilées pour le stockage et l’export',
  'Carbon steel (EN8, EN9), boron steel, spring steel (EN45)':
    'Acier au carbone (EN8, EN9), acier au bore, acier à ressort (EN45)',
  '0.5 to 100 kg': '0,5 à 100 kg',
  'Hardening and tempering, austempering': 'Trempe et revenu, trempe bainitique',
  'Closed-die forging, trimming and machining': 'Estampage en matrice fermée, ébavurage et usinage',
  'IS, ISO 730 linkage, or the customer drawing': 'IS, ISO 730 (attelage), ou le plan du client',
  'Tractors and three-point linkages': 'Tracteurs et attelages trois points',
  'Ploughs and cultivators': 'Charrues et cultivateurs',
  'Rotavators and tillers': 'Fraises rotatives et motoculteurs',
  'Harvesters and threshers': 'Moissonneuses et batteuses',
  'Seed drills and planters': 'Semoirs et planteuses',
  'Irrigation equipment': 'Matériel d’irrigation',
  'Need agriculture parts to your drawing?': 'Besoin de pièces agricoles selon votre plan ?',
  'Industrial Valve': 'Robinetterie industrielle',
  'Forged valve bodies, bonnets, balls, stems and discs for gate, globe, check and ball valves.':
    'Corps, chapeaux, sphères, tiges et clapets forgés pour robinets-vannes, robinets à soupape, clapets anti-retour et robinets à tournant sphérique.',
  'We forge and machine valve components for valve makers, with the sound, porosity-free bodies that high-pressure service needs.':
    'Nous forgeons et usinons des composants de robinetterie pour les fabricants, avec les corps sains et sans porosité qu’exige le service haute pression.',
  'Forged bodies, bonnets, balls, stems and discs': 'Corps, chapeaux, sphères, tiges et clapets forgés',
  'Sound, porosity-free sections': 'Sections saines et sans porosité',
  'Precision-machined seats and bores': 'Sièges et alésages usinés avec précision',
  'Carbon, alloy and stainless steel grades': 'Nuances d’acier au carbone, allié et inoxydable',
  'Pressure testing and NDT on request': 'Essais de pression et CND sur demande',
  'Made to the valve maker’s drawing': 'Fabriqués selon le plan du robinetier',
  '1/2 to 48 inch NPS': 'NPS 1/2 à 48 pouces',
  'Class 150 to 2500': 'Classe 150 à 2500',
  'Gate, globe, check and ball valve components':
    'Composants de robinets-vannes, à soupape, anti-retour et à tournant sphérique',
  'API 602, API 6D, ASME B16.34': 'API 602, API 6D, ASME B16.34',
  'Oil and gas': 'Pétrole et gaz',
  'Petrochemical plants': 'Usines pétrochimiques',
  'Water supply and treatment': 'Distribution et traitement de l’eau',
  'Marine systems': 'Systèmes marins',
  'General process industries': 'Industries de procédés en général',
  'Need industrial valve to your drawing?': 'Besoin de composants de robinetterie selon votre plan ?',
  'Transmission Parts': 'Pièces de transmission',
  'Forged gear blanks, shafts, flanges and couplings for gearboxes and drivelines.':
    'Ébauches d’engrenages, arbres, flasques et accouplements forgés pour boîtes de vitesses et transmissions.',
  'Transmission parts carry torque day and night. We forge them with a grain flow that follows the part and harden them where they wear.':
    'Les pièces de transmission transmettent le couple jour et nuit. Nous les forgeons avec un fibrage qui suit la forme de la pièce et les durcissons là où elles s’usent.',
  'Forged gear blanks, shafts, yokes and couplings': 'Ébauches d’engrenages, arbres, chapes et accouplements forgés',
  'Grain flow that follows the part’s shape': 'Un fibrage qui suit la forme de la pièce',
  'Case carburising and induction hardening': 'Cémentation et trempe par induction',
  'Precision turning, hobbing and grinding': 'Tournage, taillage par fraise-mère et rectification de précision',
  'Hardness and case-depth testing for every batch':
    'Contrôle de dureté et de profondeur de cémentation pour chaque lot',
  'Balanced for smooth, quiet running': 'Équilibrées pour une marche douce et silencieuse',
  'Alloy steel (20MnCr5, EN353, 16MnCr5), carbon steel (C45)':
    'Acier allié (20MnCr5, EN353, 16MnCr5), acier au carbone (C45)',
  '0.2 to 30 kg': '0,2 à 30 kg',
  'Surface hardness': 'Dureté superficielle',
  '55 to 62 HRC': '55 à 62 HRC',
  'Case carburising, induction hardening, hardening and tempering':
    'Cémentation, trempe par induction, trempe et revenu',
  'AGMA, DIN 3962, or the customer drawing': 'AGMA, DIN 3962, ou le plan du client',
  'Automotive gearboxes': 'Boîtes de vitesses automobiles',
  'Industrial gear units': 'Réducteurs industriels',
  'Tractor transmissions': 'Transmissions de tracteurs',
  'Construction machinery': 'Engins de chantier',
  'Power take-off shafts': 'Arbres de prise de force',
  'Conveyors and material handling': 'Convoyeurs et manutention',
  'Need transmission parts to your drawing?': 'Besoin de pièces de transmission selon votre plan ?',
  'We welcome your enquiry and will gladly help with drawings, samples and quotations.':
    'Nous accueillons volontiers votre demande et vous aidons avec plaisir pour les plans, les échantillons et les devis.',
  'Dear {name},\n\nThank you for your enquiry. It has reached us, and its reference number is {reference}. Please keep the number in the subject when you write to us about it, or simply reply to this e-mail.\n\nWe usually answer within one working day, during our business hours below.':
    'Bonjour {name},\n\nMerci pour votre demande. Elle nous est bien parvenue et son numéro de référence est {reference}. Merci de garder ce numéro dans l’objet lorsque vous nous écrivez à son sujet, ou répondez simplement à cet e-mail.\n\nNous répondons en général sous un jour ouvré, pendant nos horaires indiqués ci-dessous.',
  'When you send an enquiry we store what you wrote and when, and use it only to answer you. We do not sell or share it. This site sets no tracking cookies.\n\nTo see the data we hold about you or to have it erased, or to raise a grievance about how we handle it, write to our grievance contact below with the e-mail address or phone number you used.':
    'Lorsque vous envoyez une demande, nous conservons ce que vous avez écrit et la date, et ne l’utilisons que pour vous répondre. Nous ne vendons ni ne partageons ces données. Ce site ne dépose aucun cookie de suivi.\n\nPour consulter les données que nous détenons à votre sujet ou les faire effacer, ou pour adresser une réclamation sur la façon dont nous les traitons, écrivez à notre contact réclamations ci-dessous avec l’adresse e-mail ou le numéro de téléphone que vous avez utilisé.',
  'Product information on this site is a general description. Quotations, specifications and delivery terms are binding only when we confirm them in writing.':
    'Les informations produits de ce site sont une description générale. Les devis, spécifications et conditions de livraison n’engagent qu’après notre confirmation écrite.',
};
