/** How a note is shown (seed 001 section 2.3). */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'yyyy-MM-dd HH:mm' in local time (the note's date-time); '' for an empty or invalid value. */
export function formatNoteTime(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
