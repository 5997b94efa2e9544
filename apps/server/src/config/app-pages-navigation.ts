import type { NavSetting } from './default-settings.ts';

/**
 * The app's own pages that belong in the menu of the roles that use them. A stored menu (setting
 * 'navigation', editable in /admin) written before a page existed lacks it, so they are added
 * when missing, before Help, and the role filter of the menu then keeps them for their roles only.
 */
export const APP_PAGE_NAVIGATION: NavSetting[] = [
  // the report builder (/query), the delivery map and the calendar: every role with the app's sidebar
  { label: { en: 'Reports', pt: 'Relatórios' }, to: '/query', icon: 'pi pi-chart-bar' },
  { label: { en: 'Delivery map', pt: 'Mapa de entregas' }, to: '/map', icon: 'pi pi-map' },
  { label: { en: 'Calendar', pt: 'Calendário' }, to: '/calendar', icon: 'pi pi-calendar' },
  {
    label: { en: 'Supplier registrations', pt: 'Registos de fornecedores' },
    to: '/account/registrations',
    icon: 'pi pi-id-card',
    roles: 'manager-supplier,admin',
  },
  {
    label: { en: 'Administration', pt: 'Administração' },
    to: '/admin',
    icon: 'pi pi-cog',
    // the configuration admin's readers (isAdminLevel)
    roles: 'admin,manager',
  },
];

const targets = (items: readonly NavSetting[]): string[] =>
  items.flatMap((i) => [
    ...(i.to ? [i.to.split('?')[0]!] : []),
    ...targets(i.children ?? []),
    ...targets(i.next ?? []),
  ]);

/** The menu with the app's pages it lacks, placed before its Help entry (else at the end). */
export function withAppPages(tree: NavSetting[]): NavSetting[] {
  const present = new Set(targets(tree));
  const missing = APP_PAGE_NAVIGATION.filter((p) => !present.has(p.to!));
  if (!missing.length) return tree;
  const help = tree.findIndex((i) => i.to === '/help');
  const at = help === -1 ? tree.length : help;
  return [...tree.slice(0, at), ...missing, ...tree.slice(at)];
}
