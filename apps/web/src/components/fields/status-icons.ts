/** The status icon set of seed 001 section 4.1, mapped to primeicons; labels are i18n keys status.<key>. */
export const STATUS_ICONS = {
  new: 'pi pi-file',
  wait: 'pi pi-clock',
  done: 'pi pi-check-circle',
  fail: 'pi pi-times-circle',
  block: 'pi pi-ban',
  receive: 'pi pi-inbox',
  reverse: 'pi pi-replay',
  'reverse-wait': 'pi pi-history',
  'reverse-fail': 'pi pi-exclamation-circle',
  escalated: 'pi pi-arrow-up',
  'action-new': 'pi pi-plus-circle',
  'action-approved': 'pi pi-thumbs-up',
  'action-rejected': 'pi pi-thumbs-down',
  info: 'pi pi-info-circle',
  deleted: 'pi pi-trash',
  lock: 'pi pi-lock',
  draft: 'pi pi-pencil',
  ship: 'pi pi-truck',
  'missing-info': 'pi pi-exclamation-triangle',
  unread: 'pi pi-eye-slash',
  import: 'pi pi-cloud-download',
  upload: 'pi pi-upload',
  download: 'pi pi-download',
  'value-increase': 'pi pi-arrow-up-right',
  'accounting-info-filled': 'pi pi-calculator',
  'rfx-contract-expired': 'pi pi-calendar-times',
  'unspsc-fail': 'pi pi-sitemap',
} as const;
export type StatusIconKey = keyof typeof STATUS_ICONS;

export const isStatusIcon = (key: string): key is StatusIconKey => Object.hasOwn(STATUS_ICONS, key);

/** The i18n key of a status label; 'receive' reads 'Dispatched' for supplier users. */
export function statusLabelKey(key: StatusIconKey, supplierUser: boolean): string {
  if (key === 'receive' && supplierUser) return 'status.dispatched';
  return `status.${key}`;
}
