/** The default content's texts in German, by their English (see default-translations.ts). */
export const de: Record<string, string> = {
  'Hello, I would like to know more about your forged products.':
    'Guten Tag, ich möchte mehr über Ihre Schmiedeteile erfahren.',
  'Monday & Tuesday': 'Montag und Dienstag',
  '9:00 AM – 7:00 PM': '9:00 – 19:00 Uhr',
  'Thursday – Sunday': 'Donnerstag – Sonntag',
  'Grievance Officer': 'Beschwerdebeauftragter',
  'Precision Forged Components': 'Präzisionsschmiedeteile',
  'Closed-die and upset forging': 'Gesenkschmieden und Stauchschmieden',
  'Carbon, alloy and stainless steel forgings, machined to your drawing and delivered to buyers across India and abroad.':
    'Schmiedeteile aus Kohlenstoffstahl, legiertem und rostfreiem Stahl, nach Ihrer Zeichnung bearbeitet und an Kunden in Indien und im Ausland geliefert.',
  'Explore Products': 'Produkte ansehen',
  'Built on Expertise Since 2015': 'Erfahrung seit 2015',
  'ISO 9001:2015 certified': 'Zertifiziert nach ISO 9001:2015',
  'A forging team with hands-on experience since 2015, and a quality system that checks every batch before it ships.':
    'Ein Schmiedeteam mit praktischer Erfahrung seit 2015 und ein Qualitätssystem, das jede Charge vor dem Versand prüft.',
  'About Us': 'Über uns',
  'Your Drawing, Our Forge': 'Ihre Zeichnung, unsere Schmiede',
  'Custom forgings for exporters and OEMs': 'Sonderschmiedeteile für Exporteure und Erstausrüster',
  'Send us your drawing and quantities. We reply with a clear quotation and lead time.':
    'Senden Sie uns Ihre Zeichnung und die Stückzahlen. Wir antworten mit einem klaren Angebot und der Lieferzeit.',
  'Contact Us': 'Kontakt',
  'Established in 2021, with forging expertise since 2015, we make closed-die and upset forgings and precision-machined parts for buyers and importers in India and abroad.':
    'Gegründet 2021, mit Schmiedeerfahrung seit 2015, fertigen wir Gesenk- und Stauchschmiedeteile sowie präzisionsbearbeitete Teile für Einkäufer und Importeure in Indien und im Ausland.',
  'Precision CNC machining': 'Präzise CNC-Bearbeitung',
  'Carbon, alloy and stainless steel': 'Kohlenstoffstahl, legierter und rostfreier Stahl',
  'Ready to source forged parts?': 'Suchen Sie Schmiedeteile?',
  'Tell us the part, material and quantity. We reply with a quotation and lead time.':
    'Nennen Sie uns Teil, Werkstoff und Stückzahl. Wir antworten mit einem Angebot und der Lieferzeit.',
  'Forging expertise since 2015, established in 2021.': 'Schmiedeerfahrung seit 2015, gegründet 2021.',
  'Our company was established in 2021 near Gondal in Rajkot, Gujarat, one of India’s busiest engineering belts. Our founders have worked in forging since 2015, and they built the company on that experience.\n\nToday we make closed-die and upset forgings and precision-machined parts in carbon, alloy and stainless steel, for auto, flange, hydraulic, pipe-fitting, agriculture, valve and transmission customers in India and overseas. Our quality system is certified to ISO 9001:2015.':
    'Unser Unternehmen wurde 2021 bei Gondal im Distrikt Rajkot, Gujarat, gegründet – in einem der aktivsten Industriegebiete Indiens für Maschinenbau. Unsere Gründer arbeiten seit 2015 in der Schmiedetechnik und haben das Unternehmen auf dieser Erfahrung aufgebaut.\n\nHeute fertigen wir Gesenk- und Stauchschmiedeteile sowie präzisionsbearbeitete Teile aus Kohlenstoffstahl, legiertem und rostfreiem Stahl für Kunden aus den Bereichen Automobil, Flansche, Hydraulik, Rohrformstücke, Landtechnik, Armaturen und Antriebstechnik in Indien und im Ausland. Unser Qualitätsmanagementsystem ist nach ISO 9001:2015 zertifiziert.',
  'To supply forged and machined parts that fit the first time, arrive when promised and last in service, at a fair price.':
    'Geschmiedete und bearbeitete Teile liefern, die auf Anhieb passen, pünktlich ankommen und im Einsatz lange halten – zu einem fairen Preis.',
  'To be the forging partner that buyers across the world name first when they need dependable parts from India.':
    'Der Schmiedepartner zu sein, den Einkäufer in aller Welt zuerst nennen, wenn sie zuverlässige Teile aus Indien brauchen.',
  'Customer Focus': 'Kundenorientierung',
  'We listen first, quote clearly and keep every buyer informed from sample to shipment.':
    'Wir hören zuerst zu, erstellen klare Angebote und halten jeden Kunden vom Muster bis zur Lieferung auf dem Laufenden.',
  Excellence: 'Qualität',
  'We measure, record and improve, so that every batch meets the drawing.':
    'Wir messen, dokumentieren und verbessern, damit jede Charge der Zeichnung entspricht.',
  Collaboration: 'Zusammenarbeit',
  'Our engineers work with yours on materials, tolerances and cost.':
    'Unsere Ingenieure arbeiten mit Ihren an Werkstoffen, Toleranzen und Kosten.',
  Growth: 'Wachstum',
  'We invest in people, dies and machines to serve larger and more demanding orders.':
    'Wir investieren in Menschen, Gesenke und Maschinen, um größere und anspruchsvollere Aufträge zu bedienen.',
  CEO: 'Geschäftsführer',
  'Leads the company’s strategy, customer relationships and export growth, with forging experience since 2015.':
    'Verantwortet Strategie, Kundenbeziehungen und Exportwachstum des Unternehmens, mit Schmiedeerfahrung seit 2015.',
  Director: 'Direktor',
  'Runs production and quality: die design, forging, heat treatment, machining and inspection.':
    'Leitet Produktion und Qualität: Gesenkkonstruktion, Schmieden, Wärmebehandlung, Bearbeitung und Prüfung.',
  'Auto Parts': 'Autoteile',
  'Closed-die forged automotive components: connecting rods, yokes, hubs and steering parts.':
    'Gesenkgeschmiedete Fahrzeugkomponenten: Pleuel, Gelenkgabeln, Naben und Lenkungsteile.',
  'We forge and machine automotive components for vehicle makers and their suppliers, holding tight tolerances from the first piece to the last.':
    'Wir schmieden und bearbeiten Fahrzeugkomponenten für Fahrzeughersteller und ihre Zulieferer und halten enge Toleranzen vom ersten bis zum letzten Teil.',
  'Closed-die forging for dense, continuous grain flow':
    'Gesenkschmieden für dichtes Gefüge mit durchgehendem Faserverlauf',
  'Precision CNC machining to drawing tolerances': 'Präzise CNC-Bearbeitung nach Zeichnungstoleranzen',
  'Consistent dimensions across high-volume batches': 'Gleichbleibende Maße auch in großen Serien',
  'Controlled heat treatment for strength and toughness': 'Kontrollierte Wärmebehandlung für Festigkeit und Zähigkeit',
  '100% visual and sample dimensional inspection': '100 % Sichtprüfung und stichprobenweise Maßprüfung',
  'Shot blasting, oiling or painting to order': 'Strahlen, Ölen oder Lackieren nach Auftrag',
  Material: 'Werkstoff',
  'Carbon steel (EN8, EN9, C45), alloy steel (EN19, EN24, 20MnCr5)':
    'Kohlenstoffstahl (EN8, EN9, C45), legierter Stahl (EN19, EN24, 20MnCr5)',
  'Weight range': 'Gewichtsbereich',
  '0.1 to 50 kg': '0,1 bis 50 kg',
  'Heat treatment': 'Wärmebehandlung',
  'Normalising, hardening and tempering, case carburising': 'Normalglühen, Vergüten, Einsatzhärten',
  Process: 'Verfahren',
  'Closed-die and upset forging with CNC machining': 'Gesenk- und Stauchschmieden mit CNC-Bearbeitung',
  Standards: 'Normen',
  'ASTM, DIN, IS, or the customer drawing': 'ASTM, DIN, IS oder Kundenzeichnung',
  'Passenger cars': 'Pkw',
  'Commercial vehicles': 'Nutzfahrzeuge',
  'Two-wheelers': 'Zweiräder',
  'Tractors and off-highway vehicles': 'Traktoren und Geländefahrzeuge',
  'Steering and suspension systems': 'Lenkungs- und Fahrwerkssysteme',
  'Engine and driveline assemblies': 'Motor- und Antriebsstrangbaugruppen',
  'Need auto parts to your drawing?': 'Autoteile nach Ihrer Zeichnung?',
  'Send us the drawing, material and quantity, and we will quote.':
    'Senden Sie uns Zeichnung, Werkstoff und Stückzahl – wir erstellen Ihnen ein Angebot.',
  Flanges: 'Flansche',
  'Forged weld-neck, slip-on, blind, socket-weld and threaded flanges in carbon, alloy and stainless steel.':
    'Geschmiedete Vorschweiß-, Aufschweiß-, Blind-, Einschweiß- und Gewindeflansche aus Kohlenstoffstahl, legiertem und rostfreiem Stahl.',
  'Our flanges are forged from certified bar and billet, machined to standard or custom dimensions and supplied with mill test certificates.':
    'Unsere Flansche werden aus zertifiziertem Stabstahl und Knüppeln geschmiedet, auf Norm- oder Sondermaße bearbeitet und mit Werkszeugnissen geliefert.',
  'Weld-neck, slip-on, blind, socket-weld, threaded and lap-joint types':
    'Vorschweiß-, Aufschweiß-, Blind-, Einschweiß-, Gewinde- und Losflansche',
  'Raised face, flat face and ring-type joint facings':
    'Dichtflächen mit Dichtleiste, glatt und für Ringdichtung (RTJ)',
  'Forged blanks for sound, leak-free sections': 'Geschmiedete Rohlinge für dichte, leckfreie Querschnitte',
  'CNC-machined bores, faces and bolt circles': 'CNC-bearbeitete Bohrungen, Dichtflächen und Lochkreise',
  'Material traceability with mill test certificates': 'Rückverfolgbarkeit des Werkstoffs mit Werkszeugnissen',
  'Custom and drawing-based flanges on request': 'Sonderflansche und Flansche nach Zeichnung auf Anfrage',
  'Carbon steel A105, alloy steel F11/F22, stainless steel F304/F316':
    'Kohlenstoffstahl A105, legierter Stahl F11/F22, rostfreier Stahl F304/F316',
  'Size range': 'Größenbereich',
  '1/2 to 60 inch NPS': 'NPS 1/2 bis 60 Zoll',
  'Pressure class': 'Druckstufe',
  '150# to 2500#': '150# bis 2500#',
  Types: 'Ausführungen',
  'Weld neck, slip-on, blind, socket weld, threaded, lap joint':
    'Vorschweiß-, Aufschweiß-, Blind-, Einschweiß-, Gewinde- und Losflansch',
  'ASME B16.5, ASME B16.47, EN 1092-1': 'ASME B16.5, ASME B16.47, EN 1092-1',
  'Oil and gas pipelines': 'Öl- und Gaspipelines',
  'Refineries and petrochemical plants': 'Raffinerien und petrochemische Anlagen',
  'Power generation': 'Energieerzeugung',
  'Water treatment and desalination': 'Wasseraufbereitung und Meerwasserentsalzung',
  'Chemical processing': 'Chemische Verfahrenstechnik',
  Shipbuilding: 'Schiffbau',
  'Need flanges to your drawing?': 'Flansche nach Ihrer Zeichnung?',
  'Hydraulic Jack Parts': 'Teile für hydraulische Wagenheber',
  'Forged and machined cylinders, rams, bases and saddles for bottle and floor jacks.':
    'Geschmiedete und bearbeitete Zylinder, Kolben, Böden und Auflagen für Stempel- und Rangierwagenheber.',
  'We supply the load-bearing parts of hydraulic jacks, forged for strength and machined for a smooth, sealed fit.':
    'Wir liefern die tragenden Teile hydraulischer Wagenheber: geschmiedet für Festigkeit, bearbeitet für einen leichtgängigen, dichten Sitz.',
  'Forged rams, cylinders, bases and saddles': 'Geschmiedete Kolben, Zylinder, Böden und Auflagen',
  'Honed and ground bores for reliable sealing': 'Gehonte und geschliffene Bohrungen für zuverlässige Abdichtung',
  'High load capacity from dense forged sections': 'Hohe Tragfähigkeit durch dichte Schmiedequerschnitte',
  'Pressure-tested assemblies on request': 'Druckgeprüfte Baugruppen auf Anfrage',
  'Corrosion protection by plating or painting': 'Korrosionsschutz durch Beschichtung oder Lackierung',
  'Made to drawing for OEM jack makers': 'Nach Zeichnung für Wagenheber-Hersteller gefertigt',
  'Carbon steel (C45, EN8), alloy steel (EN19, 42CrMo4)':
    'Kohlenstoffstahl (C45, EN8), legierter Stahl (EN19, 42CrMo4)',
  'Load capacity': 'Tragfähigkeit',
  'Up to 100 tons': 'Bis 100 Tonnen',
  'Hardening and tempering, induction hardening': 'Vergüten, Induktionshärten',
  'Surface finish': 'Oberfläche',
  'Honed bores, ground and hard-chromed rams': 'Gehonte Bohrungen, geschliffene und hartverchromte Kolben',
  'ASME PASE, EN 1494, or the customer drawing': 'ASME PASE, EN 1494 oder Kundenzeichnung',
  'Bottle jacks': 'Stempelwagenheber',
  'Floor and trolley jacks': 'Rangier- und Werkstattwagenheber',
  'Automotive workshops': 'Kfz-Werkstätten',
  'Construction and lifting equipment': 'Bau- und Hebetechnik',
  'Railway maintenance': 'Bahninstandhaltung',
  'Industrial maintenance tools': 'Werkzeuge für die industrielle Instandhaltung',
  'Need hydraulic jack parts to your drawing?': 'Teile für hydraulische Wagenheber nach Ihrer Zeichnung?',
  'Pipe Fittings': 'Rohrformstücke',
  'Forged high-pressure elbows, tees, couplings, unions and plugs in socket-weld and threaded ends.':
    'Geschmiedete Hochdruck-Bögen, T-Stücke, Muffen, Verschraubungen und Stopfen mit Einschweiß- und Gewindeenden.',
  'Our forged fittings are made for high-pressure piping, with socket-weld and threaded ends machined to the standard.':
    'Unsere geschmiedeten Formstücke sind für Hochdruckleitungen bestimmt, mit normgerecht bearbeiteten Einschweiß- und Gewindeenden.',
  'Elbows, tees, crosses, couplings, unions, caps and plugs':
    'Bögen, T-Stücke, Kreuzstücke, Muffen, Verschraubungen, Kappen und Stopfen',
  'Socket-weld and threaded (NPT, BSP) ends': 'Einschweiß- und Gewindeenden (NPT, BSP)',
  'Forged bodies for high-pressure service': 'Geschmiedete Körper für den Hochdruckeinsatz',
  'Precise threads and socket bores': 'Präzise Gewinde und Einschweißbohrungen',
  'Hydrostatic testing on request': 'Hydrostatische Druckprüfung auf Anfrage',
  'Marked for full material traceability': 'Gekennzeichnet für lückenlose Rückverfolgbarkeit des Werkstoffs',
  '1/4 to 24 inch NPS': 'NPS 1/4 bis 24 Zoll',
  'Pressure rating': 'Nenndruck',
  '2000 to 6000 PSI': '2000 bis 6000 PSI',
  'Socket weld and threaded: elbow, tee, cross, coupling, union, cap, plug':
    'Einschweiß- und Gewindeausführung: Bogen, T-Stück, Kreuzstück, Muffe, Verschraubung, Kappe, Stopfen',
  'ASME B16.11, MSS SP-79, MSS SP-83': 'ASME B16.11, MSS SP-79, MSS SP-83',
  'Oil and gas processing': 'Öl- und Gasaufbereitung',
  'Hydraulic and instrumentation lines': 'Hydraulik- und Messleitungen',
  'Chemical and fertiliser plants': 'Chemie- und Düngemittelwerke',
  'Power plants': 'Kraftwerke',
  'Fire-fighting systems': 'Brandschutzanlagen',
  'Pharmaceutical plants': 'Pharmazeutische Anlagen',
  'Need pipe fittings to your drawing?': 'Rohrformstücke nach Ihrer Zeichnung?',
  'Agriculture Parts': 'Landtechnikteile',
  'Forged tillage, harvesting and tractor-linkage parts built for hard, abrasive work.':
    'Geschmiedete Teile für Bodenbearbeitung, Ernte und Traktor-Anbau, gebaut für harte, abrasive Arbeit.',
  'Farm equipment meets soil, stone and shock every day. Our forged parts keep their edge and their shape season after season.':
    'Landmaschinen treffen jeden Tag auf Erde, Steine und Stöße. Unsere Schmiedeteile behalten Schneide und Form, Saison für Saison.',
  'Forged tines, blades, shares and linkage parts': 'Geschmiedete Zinken, Messer, Schare und Anbauteile',
  'Wear-resistant alloy steels': 'Verschleißfeste legierte Stähle',
  'Through-hardening for abrasion resistance': 'Durchhärtung für Abriebfestigkeit',
  'Tough cores that resist shock loads': 'Zäher Kern gegen Stoßbelastung',
  'Made to OEM and replacement-market drawings': 'Nach Zeichnungen für Erstausrüstung und Ersatzteilmarkt',
  'Painted or oiled for storage and export': 'Lackiert oder geölt für Lagerung und Export',
  'Carbon steel (EN8, EN9), boron steel, spring steel (EN45)':
    'Kohlenstoffstahl (EN8, EN9), Borstahl, Federstahl (EN45)',
  '0.5 to 100 kg': '0,5 bis 100 kg',
  'Hardening and tempering, austempering': 'Vergüten, Zwischenstufenvergüten',
  'Closed-die forging, trimming and machining': 'Gesenkschmieden, Entgraten und Bearbeitung',
  'IS, ISO 730 linkage, or the customer drawing': 'IS, ISO 730 (Dreipunktanbau) oder Kundenzeichnung',
  'Tractors and three-point linkages': 'Traktoren und Dreipunktanbau',
  'Ploughs and cultivators': 'Pflüge und Grubber',
  'Rotavators and tillers': 'Bodenfräsen',
  'Harvesters and threshers': 'Mähdrescher und Dreschmaschinen',
  'Seed drills and planters': 'Sämaschinen und Einzelkornsägeräte',
  'Irrigation equipment': 'Bewässerungstechnik',
  'Need agriculture parts to your drawing?': 'Landtechnikteile nach Ihrer Zeichnung?',
  'Industrial Valve': 'Industriearmaturen',
  'Forged valve bodies, bonnets, balls, stems and discs for gate, globe, check and ball valves.':
    'Geschmiedete Armaturengehäuse, Oberteile, Kugeln, Spindeln und Teller für Schieber, Ventile, Rückschlagventile und Kugelhähne.',
  'We forge and machine valve components for valve makers, with the sound, porosity-free bodies that high-pressure service needs.':
    'Wir schmieden und bearbeiten Armaturenteile für Armaturenhersteller – mit den dichten, porenfreien Gehäusen, die der Hochdruckeinsatz verlangt.',
  'Forged bodies, bonnets, balls, stems and discs': 'Geschmiedete Gehäuse, Oberteile, Kugeln, Spindeln und Teller',
  'Sound, porosity-free sections': 'Dichte, porenfreie Querschnitte',
  'Precision-machined seats and bores': 'Präzise bearbeitete Sitze und Bohrungen',
  'Carbon, alloy and stainless steel grades': 'Kohlenstoffstahl, legierter und rostfreier Stahl',
  'Pressure testing and NDT on request': 'Druckprüfung und ZfP auf Anfrage',
  'Made to the valve maker’s drawing': 'Nach der Zeichnung des Armaturenherstellers gefertigt',
  '1/2 to 48 inch NPS': 'NPS 1/2 bis 48 Zoll',
  'Class 150 to 2500': 'Class 150 bis 2500',
  'Gate, globe, check and ball valve components': 'Teile für Schieber, Ventile, Rückschlagventile und Kugelhähne',
  'API 602, API 6D, ASME B16.34': 'API 602, API 6D, ASME B16.34',
  'Oil and gas': 'Öl und Gas',
  'Petrochemical plants': 'Petrochemische Anlagen',
  'Water supply and treatment': 'Wasserversorgung und -aufbereitung',
  'Marine systems': 'Schiffssysteme',
  'General process industries': 'Allgemeine Prozessindustrie',
  'Need industrial valve to your drawing?': 'Industriearmaturen nach Ihrer Zeichnung?',
  'Transmission Parts': 'Antriebsteile',
  'Forged gear blanks, shafts, flanges and couplings for gearboxes and drivelines.':
    'Geschmiedete Zahnradrohlinge, Wellen, Flansche und Kupplungen für Getriebe und Antriebsstränge.',
  'Transmission parts carry torque day and night. We forge them with a grain flow that follows the part and harden them where they wear.':
    'Antriebsteile übertragen Tag und Nacht Drehmoment. Wir schmieden sie mit einem Faserverlauf, der der Bauteilform folgt, und härten sie dort, wo sie verschleißen.',
  'Forged gear blanks, shafts, yokes and couplings':
    'Geschmiedete Zahnradrohlinge, Wellen, Gelenkgabeln und Kupplungen',
  'Grain flow that follows the part’s shape': 'Faserverlauf, der der Bauteilform folgt',
  'Case carburising and induction hardening': 'Einsatzhärten und Induktionshärten',
  'Precision turning, hobbing and grinding': 'Präzisionsdrehen, Wälzfräsen und Schleifen',
  'Hardness and case-depth testing for every batch': 'Härte- und Einsatzhärtetiefenprüfung für jede Charge',
  'Balanced for smooth, quiet running': 'Gewuchtet für ruhigen, leisen Lauf',
  'Alloy steel (20MnCr5, EN353, 16MnCr5), carbon steel (C45)':
    'Legierter Stahl (20MnCr5, EN353, 16MnCr5), Kohlenstoffstahl (C45)',
  '0.2 to 30 kg': '0,2 bis 30 kg',
  'Surface hardness': 'Oberflächenhärte',
  '55 to 62 HRC': '55 bis 62 HRC',
  'Case carburising, induction hardening, hardening and tempering': 'Einsatzhärten, Induktionshärten, Vergüten',
  'AGMA, DIN 3962, or the customer drawing': 'AGMA, DIN 3962 oder Kundenzeichnung',
  'Automotive gearboxes': 'Fahrzeuggetriebe',
  'Industrial gear units': 'Industriegetriebe',
  'Tractor transmissions': 'Traktorgetriebe',
  'Construction machinery': 'Baumaschinen',
  'Power take-off shafts': 'Zapfwellen',
  'Conveyors and material handling': 'Förder- und Materialflusstechnik',
  'Need transmission parts to your drawing?': 'Antriebsteile nach Ihrer Zeichnung?',
  'We welcome your enquiry and will gladly help with drawings, samples and quotations.':
    'Wir freuen uns auf Ihre Anfrage und helfen gern bei Zeichnungen, Mustern und Angeboten.',
  'Dear {name},\n\nThank you for your enquiry. It has reached us, and its reference number is {reference}. Please keep the number in the subject when you write to us about it, or simply reply to this e-mail.\n\nWe usually answer within one working day, during our business hours below.':
    'Guten Tag {name},\n\nvielen Dank für Ihre Anfrage. Sie ist bei uns eingegangen und hat die Referenznummer {reference}. Bitte lassen Sie die Nummer im Betreff, wenn Sie uns dazu schreiben, oder antworten Sie einfach auf diese E-Mail.\n\nWir antworten in der Regel innerhalb eines Arbeitstages, während unserer unten genannten Geschäftszeiten.',
  'When you send an enquiry we store what you wrote and when, and use it only to answer you. We do not sell or share it. This site sets no tracking cookies.\n\nTo see the data we hold about you or to have it erased, or to raise a grievance about how we handle it, write to our grievance contact below with the e-mail address or phone number you used.':
    'Wenn Sie eine Anfrage senden, speichern wir, was Sie geschrieben haben und wann, und verwenden es nur, um Ihnen zu antworten. Wir verkaufen oder teilen diese Daten nicht. Diese Website setzt keine Tracking-Cookies.\n\nUm die Daten einzusehen, die wir über Sie speichern, oder um sie löschen zu lassen, oder um eine Beschwerde über unseren Umgang damit einzureichen, schreiben Sie an unseren unten genannten Ansprechpartner für Beschwerden, mit der E-Mail-Adresse oder Telefonnummer, die Sie verwendet haben.',
  'Product information on this site is a general description. Quotations, specifications and delivery terms are binding only when we confirm them in writing.':
    'Die Produktinformationen auf dieser Website sind allgemeine Beschreibungen. Angebote, Spezifikationen und Lieferbedingungen sind erst verbindlich, wenn wir sie schriftlich bestätigen.',
};
