import type { RoleKey } from '@p2p/domain';
import type { GroupFilter } from '../db/database.ts';

/** The demo tenants as plain data; seed.ts writes it. Every demo password is DEMO_PASSWORD. */

export const DEMO_PASSWORD = 'P2p-demo-2026!';

export interface DemoNode {
  key: string;
  type: 'company' | 'plant';
  label: string;
  /** key of the group the node selects */
  group: string;
  children?: DemoNode[];
}

export interface DemoUser {
  username: string;
  name: string;
  role: RoleKey;
  extraRoles?: RoleKey[];
  groups?: string[];
  /** keys of the locations and workgroups the user works in */
  locations?: string[];
  workgroups?: string[];
  /** key of the group the user starts in */
  group?: string;
  supplier?: string;
  filter?: GroupFilter;
  filterData?: boolean;
  /** no password: the account can never sign in */
  noPassword?: boolean;
  lang?: string;
}

export interface DemoDomain {
  id: string;
  name: string;
  theme: string;
  logo: string;
  groups: Array<{ key: string; name: string; filter?: GroupFilter }>;
  organization: DemoNode[];
  locations: Array<{ key: string; name: string; address: Record<string, string> }>;
  workgroups: Array<{ key: string; name: string }>;
  suppliers: Array<{ name: string; vat: string; data: Record<string, unknown> }>;
  users: DemoUser[];
  notifications: Array<{
    username: string;
    text: string;
    link: string | null;
    icon: string;
    read: boolean;
    hoursAgo: number;
  }>;
}

const acme: DemoDomain = {
  id: 'acme',
  name: 'Acme Industries',
  theme: 'lara-light-blue',
  logo: '/logos/acme.svg',
  groups: [
    { key: 'acme-portugal', name: 'Acme Portugal', filter: { plant: ['pt-lisboa', 'pt-porto'] } },
    { key: 'purchasing-lisboa', name: 'Purchasing Lisboa', filter: { plant: ['pt-lisboa'] } },
    {
      key: 'maintenance-porto',
      name: 'Maintenance Porto',
      filter: { plant: ['pt-porto'], item: ['MRO', 'SPARE-PARTS'] },
    },
    { key: 'acme-spain', name: 'Acme Spain', filter: { plant: ['es-madrid'] } },
    { key: 'purchasing-madrid', name: 'Purchasing Madrid', filter: { plant: ['es-madrid'] } },
    { key: 'it-services', name: 'IT Services', filter: { item: ['IT-HARDWARE', 'IT-SOFTWARE'] } },
  ],
  organization: [
    {
      key: 'acme-pt',
      type: 'company',
      label: 'Acme Portugal',
      group: 'acme-portugal',
      children: [
        { key: 'pt-lisboa', type: 'plant', label: 'Lisboa Plant', group: 'purchasing-lisboa' },
        { key: 'pt-porto', type: 'plant', label: 'Porto Plant', group: 'maintenance-porto' },
      ],
    },
    {
      key: 'acme-es',
      type: 'company',
      label: 'Acme Spain',
      group: 'acme-spain',
      children: [{ key: 'es-madrid', type: 'plant', label: 'Madrid Plant', group: 'purchasing-madrid' }],
    },
    { key: 'acme-shared', type: 'company', label: 'Acme Shared Services', group: 'it-services' },
  ],
  locations: [
    {
      key: 'lisboa-wh',
      name: 'Lisboa Warehouse',
      address: { street: 'Rua do Açúcar 88', postcode: '1950-010', city: 'Lisboa', country: 'PT' },
    },
    {
      key: 'porto-wh',
      name: 'Porto Warehouse',
      address: { street: 'Rua de Serralves 1200', postcode: '4150-706', city: 'Porto', country: 'PT' },
    },
    {
      key: 'madrid-wh',
      name: 'Madrid Warehouse',
      address: { street: 'Calle de Alcalá 500', postcode: '28027', city: 'Madrid', country: 'ES' },
    },
  ],
  workgroups: [
    { key: 'packaging', name: 'Packaging' },
    { key: 'electrical', name: 'Electrical maintenance' },
    { key: 'facilities', name: 'Facilities' },
  ],
  suppliers: [
    {
      name: 'Alfa Components Lda',
      vat: 'PT509876543',
      data: {
        address: { street: 'Avenida da Liberdade 110', postcode: '1250-146', city: 'Lisboa', country: 'PT' },
      },
    },
    {
      name: 'Beta Logistics SA',
      vat: 'ESA28123456',
      data: {
        address: { street: 'Paseo de la Castellana 95', postcode: '28046', city: 'Madrid', country: 'ES' },
      },
    },
    {
      name: 'Gamma Industrial Supplies SL',
      vat: 'ESB86543210',
      data: {
        address: { street: 'Carrer de Balmes 150', postcode: '08008', city: 'Barcelona', country: 'ES' },
      },
    },
  ],
  users: [
    { username: 'admin', name: 'Ana Almeida', role: 'admin', groups: ['it-services'], group: 'it-services' },
    {
      username: 'manager',
      name: 'Miguel Moreira',
      role: 'manager',
      extraRoles: ['buyer'],
      groups: ['acme-portugal', 'purchasing-lisboa'],
      group: 'acme-portugal',
      locations: ['lisboa-wh', 'porto-wh', 'madrid-wh'],
      workgroups: ['packaging', 'electrical', 'facilities'],
    },
    {
      // a second manager: the documents Miguel writes or requests himself (demo order 9) need an
      // approver who is not their author (the empty-level fallback is the tenant's managers)
      username: 'manager2',
      name: 'Nuno Nogueira',
      role: 'manager',
      groups: ['acme-portugal', 'maintenance-porto', 'acme-spain', 'purchasing-madrid'],
      group: 'acme-portugal',
    },
    {
      username: 'buyer',
      name: 'Beatriz Barros',
      role: 'buyer',
      extraRoles: ['requester'],
      groups: ['purchasing-lisboa', 'maintenance-porto', 'it-services'],
      group: 'purchasing-lisboa',
      locations: ['lisboa-wh', 'porto-wh'],
      workgroups: ['packaging', 'electrical'],
    },
    { username: 'auditor', name: 'Artur Antunes', role: 'auditor', groups: ['acme-portugal', 'acme-spain'] },
    {
      username: 'director',
      name: 'Diana Duarte',
      role: 'director',
      groups: ['acme-portugal'],
      group: 'acme-portugal',
      filterData: true,
      filter: { plant: ['pt-lisboa', 'pt-porto'] },
    },
    {
      username: 'manager-purchasing',
      name: 'Paulo Pereira',
      role: 'manager-purchasing',
      groups: ['purchasing-lisboa', 'purchasing-madrid'],
    },
    {
      username: 'manager-supplier',
      name: 'Sofia Santos',
      role: 'manager-supplier',
      groups: ['acme-portugal'],
    },
    {
      username: 'requester',
      name: 'Rui Ribeiro',
      role: 'requester',
      groups: ['purchasing-lisboa'],
      group: 'purchasing-lisboa',
      lang: 'pt',
      workgroups: ['packaging'],
    },
    { username: 'supplier', name: 'Carlos Costa', role: 'supplier', supplier: 'Alfa Components Lda' },
    {
      username: 'supplier-user',
      name: 'Marta Fonseca',
      role: 'supplier-user',
      supplier: 'Alfa Components Lda',
    },
    { username: 'supplier2', name: 'Javier García', role: 'supplier', supplier: 'Beta Logistics SA' },
    { username: 'exc', name: 'Eduardo Esteves', role: 'exc', groups: ['maintenance-porto'] },
    { username: 'cexc', name: 'Carla Esteves', role: 'cexc', groups: ['purchasing-madrid'] },
    { username: 'rfx-manager', name: 'Raquel Fernandes', role: 'rfx-manager', groups: ['purchasing-lisboa'] },
    { username: 'ihub-operator', name: 'Hugo Henriques', role: 'ihub-operator' },
    { username: 'system', name: 'System', role: 'system', noPassword: true },
  ],
  notifications: [
    {
      username: 'buyer',
      text: 'Requisition <b>REQ-2026-0142</b> from Rui Ribeiro waits for your approval.',
      link: '/requisition/REQ-2026-0142',
      icon: 'pi pi-check-square',
      read: false,
      hoursAgo: 1,
    },
    {
      username: 'buyer',
      text: 'Order <b>PO-4500012345</b> was confirmed by <i>Alfa Components Lda</i>.',
      link: '/order/PO-4500012345',
      icon: 'pi pi-shopping-cart',
      read: false,
      hoursAgo: 5,
    },
    {
      username: 'buyer',
      text: 'Contract <b>CT-2026-007</b> with Beta Logistics SA expires in <b>30 days</b>.',
      link: '/contract/CT-2026-007',
      icon: 'pi pi-calendar',
      read: false,
      hoursAgo: 26,
    },
    {
      username: 'buyer',
      text: 'Reception <b>GR-2026-0311</b> for order PO-4500012290 was posted at Lisboa Plant.',
      link: '/reception/GR-2026-0311',
      icon: 'pi pi-box',
      read: true,
      hoursAgo: 50,
    },
    {
      username: 'buyer',
      text: 'Welcome to P2P! Open the <a href="/help/home">online help</a> to get started.',
      link: null,
      icon: 'pi pi-info-circle',
      read: true,
      hoursAgo: 24 * 7,
    },
    {
      username: 'manager-supplier',
      text: 'A new supplier registration waits for review.',
      link: '/account',
      icon: 'pi pi-user-plus',
      read: false,
      hoursAgo: 3,
    },
  ],
};

const globex: DemoDomain = {
  id: 'globex',
  name: 'Globex Corporation',
  theme: 'lara-light-teal',
  logo: '/logos/globex.svg',
  groups: [
    { key: 'globex-us', name: 'Globex Americas', filter: { plant: ['us-springfield'] } },
    { key: 'purchasing-springfield', name: 'Purchasing Springfield', filter: { plant: ['us-springfield'] } },
    { key: 'purchasing-hamburg', name: 'Purchasing Hamburg', filter: { plant: ['de-hamburg'] } },
  ],
  organization: [
    {
      key: 'globex-americas',
      type: 'company',
      label: 'Globex Americas',
      group: 'globex-us',
      children: [
        { key: 'us-springfield', type: 'plant', label: 'Springfield Plant', group: 'purchasing-springfield' },
      ],
    },
    { key: 'globex-de', type: 'company', label: 'Globex Germany', group: 'purchasing-hamburg' },
  ],
  locations: [
    {
      key: 'springfield-dc',
      name: 'Springfield Distribution Center',
      address: { city: 'Springfield', country: 'US' },
    },
  ],
  workgroups: [{ key: 'operations', name: 'Operations' }],
  suppliers: [{ name: 'Delta Fasteners Inc', vat: 'US12-3456789', data: {} }],
  users: [
    {
      username: 'buyer',
      name: 'Gordon Graham',
      role: 'buyer',
      groups: ['purchasing-springfield', 'purchasing-hamburg'],
      group: 'purchasing-springfield',
    },
  ],
  notifications: [],
};

export const DEMO_DOMAINS: DemoDomain[] = [acme, globex];
