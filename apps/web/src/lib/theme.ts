export const THEME_LINK_ID = 'theme-link';

/** Switches the PrimeReact theme stylesheet (<link id="theme-link">) to /themes/<theme>/theme.css. */
export function applyTheme(theme: string | null | undefined): void {
  if (!theme || typeof document === 'undefined' || !/^[\w-]+$/.test(theme)) return;
  const href = `/themes/${theme}/theme.css`;
  let link = document.getElementById(THEME_LINK_ID) as HTMLLinkElement | null;
  if (!link) {
    link = document.createElement('link');
    link.id = THEME_LINK_ID;
    link.rel = 'stylesheet';
    document.head.prepend(link);
  }
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}
