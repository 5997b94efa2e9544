/**
 * PrimeReact's styled components (useStyle in primereact/hooks) write the text of their shared
 * <style> elements (base, common, one per component type) again on every mount, even when it is
 * already there. Each write makes the browser take the style sheet apart and match the page's styles
 * again: about 27 ms of the main thread while a 2,000-line order's form first renders (bench:web's
 * profile). A write of the text a <style> element already holds changes nothing, so it is skipped
 * here; any other write goes through.
 */
export function skipUnchangedStyleWrites(): void {
  if (typeof HTMLStyleElement === 'undefined') return;
  const native = Object.getOwnPropertyDescriptor(Node.prototype, 'textContent');
  if (!native?.get || !native.set) return;
  const { get, set } = native;
  Object.defineProperty(HTMLStyleElement.prototype, 'textContent', {
    configurable: true,
    enumerable: native.enumerable ?? true,
    get(this: HTMLStyleElement) {
      return get.call(this) as string | null;
    },
    set(this: HTMLStyleElement, text: string | null) {
      const only = this.childNodes.length === 1 ? this.firstChild : null;
      if (only && only.nodeType === Node.TEXT_NODE && only.nodeValue === text) return;
      set.call(this, text);
    },
  });
}
