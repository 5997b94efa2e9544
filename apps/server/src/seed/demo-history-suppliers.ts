import { portugueseVat } from './demo-history-random.ts';

/**
 * The suppliers of the demo history: the three demo suppliers plus 37 more, 40 in all, each with
 * what it sells (material groups of the demo catalogue) and a weight (a few suppliers take most of
 * the spend, as in any purchasing department). Alfa and Beta keep a small share, so the supplier
 * demo users see a history of their own (and only theirs).
 */

export interface HistorySupplier {
  name: string;
  vat: string;
  city: string;
  country: 'PT' | 'ES';
  groups: readonly string[];
  /** relative share of the orders */
  weight: number;
  /** share of deliveries that come late */
  lateness: number;
}

/** The demo suppliers already written by demo-data.ts (their rows exist before the history). */
export const EXISTING_SUPPLIERS: readonly HistorySupplier[] = [
  {
    name: 'Alfa Components Lda',
    vat: 'PT509876543',
    city: 'Lisboa',
    country: 'PT',
    groups: ['HYDRAULICS', 'FASTENERS', 'SPARE-PARTS'],
    weight: 3,
    lateness: 0.15,
  },
  {
    name: 'Beta Logistics SA',
    vat: 'ESA28123456',
    city: 'Madrid',
    country: 'ES',
    groups: ['PACKAGING', 'SERVICES'],
    weight: 2,
    lateness: 0.3,
  },
  {
    name: 'Gamma Industrial Supplies SL',
    vat: 'ESB86543210',
    city: 'Barcelona',
    country: 'ES',
    groups: ['MRO', 'TOOLS', 'SAFETY'],
    weight: 4,
    lateness: 0.2,
  },
];

type NewSupplier = [name: string, city: string, groups: string[], weight: number, lateness: number];

const NEW_SUPPLIERS: NewSupplier[] = [
  ['Hidráulica do Tejo Lda', 'Lisboa', ['HYDRAULICS'], 9, 0.1],
  ['Rolamentos Ibéricos SA', 'Porto', ['SPARE-PARTS', 'MRO'], 8, 0.12],
  ['Ferragens Minho Lda', 'Braga', ['FASTENERS', 'TOOLS'], 7, 0.08],
  ['Eléctrica Atlântica SA', 'Porto', ['ELECTRICAL'], 8, 0.15],
  ['Segurança Total Lda', 'Coimbra', ['SAFETY'], 6, 0.05],
  ['Embalagens do Norte SA', 'Maia', ['PACKAGING'], 9, 0.18],
  ['Papelaria Central Lda', 'Lisboa', ['OFFICE'], 5, 0.04],
  ['InfoSistemas Portugal SA', 'Lisboa', ['IT-HARDWARE', 'IT-SOFTWARE'], 7, 0.1],
  ['TecnoServiços Industriais Lda', 'Setúbal', ['SERVICES'], 6, 0.2],
  ['Ferramentas Profissionais Lda', 'Aveiro', ['TOOLS'], 4, 0.09],
  ['Lubrificantes Lusos SA', 'Sines', ['MRO'], 4, 0.11],
  ['Cablagens Vouga Lda', 'Águeda', ['ELECTRICAL'], 3, 0.22],
  ['Parafusaria Leiria Lda', 'Leiria', ['FASTENERS'], 3, 0.07],
  ['Manutenção Industrial Alentejo Lda', 'Évora', ['SERVICES', 'MRO'], 3, 0.25],
  ['Proteção Individual Norte Lda', 'Guimarães', ['SAFETY'], 2, 0.06],
  ['Cartonagem Douro SA', 'Vila Nova de Gaia', ['PACKAGING'], 3, 0.14],
  ['Soluções Digitais Tejo Lda', 'Oeiras', ['IT-SOFTWARE'], 2, 0.05],
  ['Peças & Componentes Lda', 'Matosinhos', ['SPARE-PARTS'], 4, 0.3],
  ['Hidráulica Alvarez SL', 'Valencia', ['HYDRAULICS'], 5, 0.16],
  ['Suministros Castilla SA', 'Valladolid', ['MRO', 'OFFICE'], 4, 0.12],
  ['Tornillería Vasca SL', 'Bilbao', ['FASTENERS'], 4, 0.1],
  ['Electro Levante SA', 'Alicante', ['ELECTRICAL'], 5, 0.13],
  ['Embalajes Ebro SL', 'Zaragoza', ['PACKAGING'], 4, 0.2],
  ['Informática Madrileña SA', 'Madrid', ['IT-HARDWARE'], 5, 0.08],
  ['Servicios Técnicos Sur SL', 'Sevilla', ['SERVICES'], 3, 0.28],
  ['Herramientas Navarra SL', 'Pamplona', ['TOOLS'], 2, 0.06],
  ['Seguridad Laboral Galicia SL', 'Vigo', ['SAFETY'], 2, 0.09],
  ['Rodamientos del Norte SA', 'Santander', ['SPARE-PARTS'], 3, 0.17],
  ['Oficina Global SL', 'Madrid', ['OFFICE'], 2, 0.03],
  ['Mantenimiento Integral Mediterráneo SL', 'Murcia', ['SERVICES', 'MRO'], 2, 0.24],
  ['Transportes Rápidos Ibéria SA', 'Madrid', ['SERVICES'], 3, 0.35],
  ['Química Industrial Tarragona SA', 'Tarragona', ['MRO'], 2, 0.15],
  ['Automação Industrial Lda', 'Marinha Grande', ['ELECTRICAL', 'SPARE-PARTS'], 3, 0.19],
  ['Metalomecânica Sado Lda', 'Setúbal', ['SPARE-PARTS', 'TOOLS'], 2, 0.27],
  ['Fardamentos Profissionais Lda', 'Covilhã', ['SAFETY'], 1, 0.12],
  ['Redes e Cloud Ibérica SA', 'Porto', ['IT-SOFTWARE', 'IT-HARDWARE'], 2, 0.07],
  ['Limpezas Industriais Lda', 'Lisboa', ['SERVICES'], 3, 0.1],
];

const SPANISH_CITIES = new Set([
  'Valencia',
  'Valladolid',
  'Bilbao',
  'Alicante',
  'Zaragoza',
  'Madrid',
  'Sevilla',
  'Pamplona',
  'Vigo',
  'Santander',
  'Murcia',
  'Tarragona',
]);

/** The 37 suppliers the history adds; Portuguese ones carry a NIPC with a valid check digit. */
export const NEW_HISTORY_SUPPLIERS: readonly HistorySupplier[] = NEW_SUPPLIERS.map(
  ([name, city, groups, weight, lateness], i) => {
    const country = SPANISH_CITIES.has(city) ? 'ES' : 'PT';
    const vat =
      country === 'PT'
        ? `PT${portugueseVat(50_700_000 + i * 7_919)}`
        : `ESB${String(46_000_000 + i * 104_729).slice(0, 8)}`;
    return { name, vat, city, country, groups, weight, lateness };
  },
);

export const HISTORY_SUPPLIERS: readonly HistorySupplier[] = [
  ...EXISTING_SUPPLIERS,
  ...NEW_HISTORY_SUPPLIERS,
];
