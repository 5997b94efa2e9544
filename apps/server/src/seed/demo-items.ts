import { json, type Db } from '../db/database.ts';
import { withItems } from '../reference/reference.repository.ts';
import { DEMO_DOMAINS } from './demo-data.ts';

/**
 * The demo item catalogue (about 200 items per demo tenant), for the item look-up. Written once
 * per demo domain (a marker in app_settings, and codes are unique per domain), only where the demo
 * buyer account exists: never on a real tenant. The codes the demo documents use (MAT-1001,
 * MAT-2040, SRV-0100, MAT-3300, MAT-4410, ...) are in the catalogue of 'acme'.
 */

type Group =
  | 'HYDRAULICS'
  | 'MRO'
  | 'SPARE-PARTS'
  | 'FASTENERS'
  | 'ELECTRICAL'
  | 'SAFETY'
  | 'PACKAGING'
  | 'OFFICE'
  | 'IT-HARDWARE'
  | 'IT-SOFTWARE'
  | 'TOOLS'
  | 'SERVICES';

interface Family {
  group: Group;
  unspsc: string;
  uom: string;
  /** first code number; variant i gets start + i unless `codes` says otherwise */
  start: number;
  codes?: number[];
  prefix?: 'MAT' | 'SRV';
  /** base price of the first variant; each next variant adds `step` */
  price: number;
  step?: number;
  names: string[];
}

const sizes = (name: (v: string) => string, values: string[]) => values.map(name);

const FAMILIES: Family[] = [
  {
    group: 'HYDRAULICS',
    unspsc: '40142300',
    uom: 'UN',
    start: 1000,
    price: 2.9,
    step: 0.55,
    names: sizes((v) => `Hydraulic fitting ${v}`, ['1/4"', '1/2"', '3/8"', '3/4"', '1"']),
  },
  {
    group: 'HYDRAULICS',
    unspsc: '40142000',
    uom: 'M',
    start: 1010,
    price: 7.8,
    step: 1.6,
    names: sizes((v) => `Hydraulic hose ${v} 2SN`, ['DN6', 'DN8', 'DN10', 'DN12', 'DN16', 'DN20']),
  },
  {
    group: 'HYDRAULICS',
    unspsc: '40151500',
    uom: 'UN',
    start: 1020,
    price: 185,
    step: 64,
    names: sizes((v) => `Hydraulic cylinder ${v}`, ['40x200', '50x250', '63x300', '80x400']),
  },
  {
    group: 'HYDRAULICS',
    unspsc: '41112400',
    uom: 'UN',
    start: 1030,
    price: 14.5,
    step: 2.2,
    names: sizes((v) => `Pressure gauge ${v} bar, 63 mm`, ['0-10', '0-16', '0-40', '0-100', '0-250']),
  },
  {
    group: 'HYDRAULICS',
    unspsc: '15121500',
    uom: 'L',
    start: 1040,
    price: 3.95,
    step: 0.35,
    names: sizes((v) => `Hydraulic oil ISO VG ${v}`, ['32', '46', '68']),
  },
  {
    group: 'SPARE-PARTS',
    unspsc: '26111500',
    uom: 'UN',
    start: 2020,
    codes: [2020, 2025, 2030, 2035, 2040, 2050, 2060],
    price: 38,
    step: 14.75,
    names: sizes((v) => `Steel shaft ${v} mm`, ['20', '25', '30', '35', '40', '50', '60']),
  },
  {
    group: 'SPARE-PARTS',
    unspsc: '31171500',
    uom: 'UN',
    start: 4406,
    price: 0.95,
    step: 0.16,
    names: sizes(
      (v) => `Ball bearing ${v}`,
      ['6200', '6201', '6202', '6203', '6204', '6205', '6206', '6207', '6208', '6209', '6210'],
    ),
  },
  {
    group: 'SPARE-PARTS',
    unspsc: '31171500',
    uom: 'UN',
    start: 4420,
    price: 6.4,
    step: 1.1,
    names: sizes((v) => `Taper roller bearing ${v}`, ['30203', '30204', '30205', '30206', '30207', '30208']),
  },
  {
    group: 'SPARE-PARTS',
    unspsc: '31163000',
    uom: 'UN',
    start: 4500,
    price: 9.2,
    step: 1.35,
    names: sizes((v) => `V-belt ${v}`, ['SPA 1250', 'SPA 1400', 'SPZ 1000', 'SPZ 1250', 'SPB 1600']),
  },
  {
    group: 'SPARE-PARTS',
    unspsc: '31163000',
    uom: 'UN',
    start: 4510,
    price: 4.1,
    step: 0.6,
    names: sizes((v) => `Shaft seal ${v}`, ['25x40x7', '30x47x7', '35x52x7', '40x62x8', '50x72x8']),
  },
  {
    group: 'SPARE-PARTS',
    unspsc: '40141600',
    uom: 'UN',
    start: 4520,
    price: 38.5,
    step: 6,
    names: [
      'Solenoid valve 5/2 1/4" 24 V DC',
      'Solenoid valve 5/3 1/4" 24 V DC',
      'Pneumatic cylinder 32x100',
      'Pneumatic cylinder 50x200',
      'Air filter regulator 1/4"',
      'Roller chain 08B-1 (5 m)',
      'Sprocket 08B-1 z=18',
      'O-ring assortment (382 pieces)',
      'Flexible jaw coupling 24 mm',
    ],
  },
  {
    group: 'ELECTRICAL',
    unspsc: '26101100',
    uom: 'UN',
    start: 4600,
    price: 96,
    step: 58,
    names: sizes(
      (v) => `Electric motor 3-phase ${v}, 4 poles, IE3`,
      ['0.75 kW', '1.5 kW', '3 kW', '5.5 kW', '7.5 kW'],
    ),
  },
  {
    group: 'ELECTRICAL',
    unspsc: '39121000',
    uom: 'UN',
    start: 4610,
    price: 210,
    step: 95,
    names: sizes((v) => `Frequency inverter ${v}`, ['0.75 kW', '1.5 kW', '3 kW', '5.5 kW']),
  },
  {
    group: 'SAFETY',
    unspsc: '46181504',
    uom: 'BOX',
    start: 3300,
    price: 6.99,
    step: 0,
    names: [
      'Nitrile gloves (box of 100)',
      'Nitrile gloves size S (box of 100)',
      'Nitrile gloves size M (box of 100)',
      'Nitrile gloves size L (box of 100)',
      'Nitrile gloves size XL (box of 100)',
    ],
  },
  {
    group: 'SAFETY',
    unspsc: '46181504',
    uom: 'PAA',
    start: 3310,
    price: 4.5,
    step: 0.4,
    names: sizes((v) => `Cut-resistant gloves level C size ${v}`, ['7', '8', '9', '10']),
  },
  {
    group: 'SAFETY',
    unspsc: '46181701',
    uom: 'UN',
    start: 3320,
    price: 8.9,
    step: 0,
    names: sizes((v) => `Safety helmet ${v}`, ['white', 'yellow', 'blue', 'red', 'green']),
  },
  {
    group: 'SAFETY',
    unspsc: '46181605',
    uom: 'PAA',
    start: 3330,
    price: 42,
    step: 0,
    names: sizes((v) => `Safety shoes S3 size ${v}`, ['38', '39', '40', '41', '42', '43', '44', '45', '46']),
  },
  {
    group: 'SAFETY',
    unspsc: '46181800',
    uom: 'UN',
    start: 3340,
    price: 2.6,
    step: 1.2,
    names: [
      'Safety glasses clear',
      'Safety glasses tinted',
      'Ear plugs (box of 200)',
      'Ear defenders 30 dB',
      'High-visibility vest size L',
      'High-visibility vest size XL',
      'FFP2 respirator mask (box of 20)',
      'First aid kit (workplace)',
    ],
  },
  {
    group: 'FASTENERS',
    unspsc: '31161500',
    uom: 'BOX',
    start: 5000,
    price: 4.2,
    step: 1.15,
    names: sizes(
      (v) => `Hex bolt DIN 933 A2 ${v} (box of 100)`,
      ['M6x20', 'M8x25', 'M8x40', 'M10x30', 'M10x50', 'M12x40', 'M12x60', 'M16x80'],
    ),
  },
  {
    group: 'FASTENERS',
    unspsc: '31161700',
    uom: 'BOX',
    start: 5010,
    price: 1.9,
    step: 0.7,
    names: sizes((v) => `Hex nut DIN 934 A2 ${v} (box of 100)`, ['M6', 'M8', 'M10', 'M12', 'M16']),
  },
  {
    group: 'FASTENERS',
    unspsc: '31161800',
    uom: 'BOX',
    start: 5020,
    price: 1.1,
    step: 0.35,
    names: sizes((v) => `Flat washer DIN 125 A2 ${v} (box of 100)`, ['M6', 'M8', 'M10', 'M12', 'M16']),
  },
  {
    group: 'FASTENERS',
    unspsc: '31161500',
    uom: 'BOX',
    start: 5030,
    price: 3.6,
    step: 0.9,
    names: sizes(
      (v) => `Socket head cap screw DIN 912 ${v} (box of 100)`,
      ['M4x10', 'M5x16', 'M6x20', 'M8x30', 'M10x40'],
    ),
  },
  {
    group: 'ELECTRICAL',
    unspsc: '26121600',
    uom: 'M',
    start: 6000,
    price: 1.45,
    step: 0.8,
    names: sizes((v) => `Cable H07RN-F ${v}`, ['3G1.5', '3G2.5', '5G1.5', '5G2.5', '5G4', '5G6']),
  },
  {
    group: 'ELECTRICAL',
    unspsc: '39121600',
    uom: 'UN',
    start: 6010,
    price: 5.9,
    step: 0.6,
    names: sizes((v) => `Circuit breaker 1P C${v}`, ['6A', '10A', '16A', '20A', '25A', '32A']),
  },
  {
    group: 'ELECTRICAL',
    unspsc: '39121500',
    uom: 'UN',
    start: 6020,
    price: 18.5,
    step: 6.5,
    names: sizes((v) => `Contactor ${v} 230 V AC coil`, ['9A', '12A', '18A', '25A', '32A']),
  },
  {
    group: 'ELECTRICAL',
    unspsc: '39101600',
    uom: 'UN',
    start: 6030,
    price: 4.3,
    step: 1.8,
    names: [
      'LED tube T8 60 cm 9 W',
      'LED tube T8 120 cm 18 W',
      'LED tube T8 150 cm 24 W',
      'LED floodlight 50 W IP65',
      'LED high bay 150 W',
    ],
  },
  {
    group: 'ELECTRICAL',
    unspsc: '41111900',
    uom: 'UN',
    start: 6040,
    price: 24,
    step: 7.5,
    names: sizes((v) => `Inductive proximity sensor ${v} PNP`, ['M8', 'M12', 'M18', 'M30']),
  },
  {
    group: 'PACKAGING',
    unspsc: '24112700',
    uom: 'UN',
    start: 7000,
    price: 0.42,
    step: 0.18,
    names: sizes(
      (v) => `Cardboard box double wall ${v} mm`,
      ['300x200x150', '400x300x200', '500x400x300', '600x400x400', '800x600x500'],
    ),
  },
  {
    group: 'PACKAGING',
    unspsc: '24141500',
    uom: 'ROL',
    start: 7010,
    price: 2.1,
    step: 4.4,
    names: [
      'Packing tape 48 mm brown (66 m)',
      'Packing tape 48 mm clear (66 m)',
      'Stretch film 500 mm x 300 m, 23 micron',
      'Bubble wrap 1 m x 100 m',
      'Strapping band PP 12 mm (3000 m)',
    ],
  },
  {
    group: 'PACKAGING',
    unspsc: '24112100',
    uom: 'UN',
    start: 7020,
    price: 9.5,
    step: 3.5,
    names: [
      'Euro pallet EPAL 1200x800',
      'Industrial pallet 1200x1000',
      'Plastic pallet 1200x800',
      'Pallet collar 1200x800',
      'Euro stacking container 600x400x220',
    ],
  },
  {
    group: 'OFFICE',
    unspsc: '14111507',
    uom: 'PAC',
    start: 8000,
    price: 3.9,
    step: 0.85,
    names: [
      'Copy paper A4 80 g (ream of 500)',
      'Copy paper A3 80 g (ream of 500)',
      'Recycled copy paper A4 80 g (ream of 500)',
      'Ballpoint pen blue (box of 50)',
      'Ballpoint pen black (box of 50)',
      'Lever arch file A4 80 mm',
      'Sticky notes 76x76 mm (pack of 12)',
      'Whiteboard markers (set of 4)',
      'Envelopes DL with window (box of 500)',
      'Stapler and staples 24/6',
    ],
  },
  {
    group: 'OFFICE',
    unspsc: '56112100',
    uom: 'UN',
    start: 8020,
    price: 189,
    step: 45,
    names: [
      'Office chair ergonomic with armrests',
      'Office desk 160x80 cm',
      'Height-adjustable desk 160x80 cm',
      'Mobile pedestal 3 drawers',
      'Meeting table 240x120 cm',
      'Filing cabinet 4 drawers',
    ],
  },
  {
    group: 'IT-HARDWARE',
    unspsc: '43211503',
    uom: 'UN',
    start: 8100,
    price: 649,
    step: 120,
    names: [
      'Laptop 14" Core i5, 16 GB, 512 GB SSD',
      'Laptop 15" Core i7, 32 GB, 1 TB SSD',
      'Laptop 13" ultrabook, 16 GB, 512 GB SSD',
      'Desktop PC small form factor, 16 GB, 512 GB SSD',
      'Workstation for CAD, 64 GB, 2 TB SSD',
    ],
  },
  {
    group: 'IT-HARDWARE',
    unspsc: '43211900',
    uom: 'UN',
    start: 8110,
    price: 129,
    step: 95,
    names: ['Monitor 24" Full HD', 'Monitor 27" QHD', 'Monitor 34" ultrawide', 'Monitor 27" 4K USB-C'],
  },
  {
    group: 'IT-HARDWARE',
    unspsc: '43211600',
    uom: 'UN',
    start: 8120,
    price: 19.9,
    step: 22,
    names: [
      'Keyboard and mouse set wireless',
      'USB headset with microphone',
      'USB-C docking station',
      'Webcam Full HD',
      'Portable SSD 1 TB',
      'USB-C charger 65 W',
      'Laser printer A4 monochrome',
      'Smartphone 128 GB',
      'Tablet 11" 128 GB',
    ],
  },
  {
    group: 'IT-HARDWARE',
    unspsc: '43222600',
    uom: 'UN',
    start: 8140,
    price: 89,
    step: 160,
    names: [
      'Wi-Fi access point',
      'Network switch 24 ports PoE',
      'Network switch 48 ports PoE',
      'Firewall appliance',
    ],
  },
  {
    group: 'IT-SOFTWARE',
    unspsc: '43232100',
    uom: 'YR',
    start: 8200,
    price: 69,
    step: 180,
    names: [
      'Office suite licence (annual)',
      'Antivirus licence (annual)',
      'Backup software licence (annual)',
      'CAD software licence (annual)',
      'ERP named user licence (annual)',
      'Project management software (annual)',
    ],
  },
  {
    group: 'MRO',
    unspsc: '15121900',
    uom: 'UN',
    start: 9100,
    price: 4.2,
    step: 3.1,
    names: [
      'Multipurpose grease cartridge 400 g',
      'Degreaser spray 500 ml',
      'Penetrating oil spray 400 ml',
      'Threadlocker medium strength 50 ml',
      'Industrial floor cleaner 5 L',
      'Hand cleaner paste 3 L',
      'Cutting fluid concentrate 20 L',
      'Gear oil ISO VG 220 20 L',
      'Absorbent pads (pack of 100)',
      'Cleaning wipes roll (1000 sheets)',
    ],
  },
  {
    group: 'TOOLS',
    unspsc: '27111700',
    uom: 'UN',
    start: 9200,
    price: 12.5,
    step: 14,
    names: [
      'Screwdriver set (8 pieces)',
      'Combination spanner set 8-19 mm',
      'HSS drill bit set 1-10 mm',
      'Cutting disc 125 mm (pack of 25)',
      'Digital multimeter',
      'Torque wrench 20-100 Nm',
      'Cordless drill 18 V with 2 batteries',
      'Angle grinder 125 mm',
      'Digital caliper 150 mm',
      'Tool trolley with 7 drawers',
    ],
  },
  {
    group: 'MRO',
    unspsc: '31201500',
    uom: 'UN',
    start: 9000,
    price: 150,
    step: -137.6,
    names: ['Miscellaneous material', 'Accessories'],
  },
  {
    group: 'SERVICES',
    unspsc: '72101500',
    uom: 'UN',
    prefix: 'SRV',
    start: 100,
    codes: [100, 200, 300],
    price: 450,
    step: 1350,
    names: ['Installation service', 'Transport services', 'Cleaning services (monthly)'],
  },
  {
    group: 'SERVICES',
    unspsc: '81141500',
    uom: 'H',
    prefix: 'SRV',
    start: 400,
    price: 45,
    step: 5,
    names: [
      'Preventive maintenance',
      'Corrective maintenance',
      'Machining services',
      'Welding services',
      'Electrical installation works',
      'IT support',
      'Engineering consulting',
      'Forklift maintenance and repair',
    ],
  },
  {
    group: 'SERVICES',
    unspsc: '80111600',
    uom: 'UN',
    prefix: 'SRV',
    start: 500,
    price: 120,
    step: 85,
    names: [
      'Calibration of measuring instruments',
      'Electrical inspection (annual)',
      'Fire extinguisher inspection',
      'Waste disposal (container 7 m3)',
      'Security services (monthly)',
      'Canteen catering (per meal)',
      'Safety training course (per person)',
      'Translation of technical documents (page)',
      'Courier express delivery',
    ],
  },
];

export interface DemoItem {
  code: string;
  name: string;
  uom: string;
  material_group: string;
  unspsc: string;
  price: string;
}

/** The catalogue of a demo domain; 'globex' codes start with GX- instead of MAT-/SRV-. */
export function demoItems(domainId: string): DemoItem[] {
  const items: DemoItem[] = [];
  for (const f of FAMILIES) {
    f.names.forEach((name, i) => {
      const number = f.codes?.[i] ?? f.start + i;
      const prefix = f.prefix ?? 'MAT';
      const code =
        domainId === 'acme'
          ? `${prefix}-${String(number).padStart(4, '0')}`
          : `GX-${prefix === 'SRV' ? 'S' : 'M'}${String(number).padStart(4, '0')}`;
      const price = Math.max(0.1, f.price + (f.step ?? 0) * i);
      items.push({
        code,
        name,
        uom: f.uom,
        material_group: f.group,
        unspsc: f.unspsc,
        price: price.toFixed(2),
      });
    });
  }
  return items;
}

/** Writes the catalogue of every demo domain present, once (see the note at the top). */
export async function ensureDemoItems(db: Db): Promise<void> {
  const items = withItems(db);
  for (const d of DEMO_DOMAINS) {
    const demoBuyer = await db
      .selectFrom('users')
      .select('id')
      .where('domain_id', '=', d.id)
      .where('email', '=', `buyer@${d.id}.example.com`)
      .executeTakeFirst();
    if (!demoBuyer) continue;
    const first = await db
      .insertInto('app_settings')
      .values({ domain_id: d.id, key: 'demo-items', value: json(true) })
      .onConflict((oc) => oc.columns(['domain_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!first) continue;
    const currency = d.id === 'acme' ? 'EUR' : 'USD';
    await items
      .insertInto('items')
      .values(demoItems(d.id).map((item) => ({ ...item, domain_id: d.id, data: json({ currency }) })))
      .onConflict((oc) => oc.columns(['domain_id', 'code']).doNothing())
      .execute();
  }
}
