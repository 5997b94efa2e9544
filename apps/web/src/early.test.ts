import { afterEach, describe, expect, it, vi } from 'vitest';

const onFormUrl = vi.hoisted(() => ({ value: true }));
vi.mock('./lib/early-requests.ts', () => ({ startEarlyRequests: () => onFormUrl.value }));

const links = () =>
  [...document.head.querySelectorAll('link')].map((l) => [l.rel, l.getAttribute('href')] as const);

describe('the early entry', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    vi.resetModules();
  });

  it("on a form's url preloads the form's code and links its stylesheets, so vite's loader does not wait for them", async () => {
    document.head.innerHTML =
      '<meta name="p2p-form-chunks" content="/assets/pages-a.js /assets/DocumentForm-b.js /assets/DocumentForm-c.css">';
    onFormUrl.value = true;
    await import('./early.ts');
    expect(links()).toEqual([
      ['modulepreload', '/assets/pages-a.js'],
      ['modulepreload', '/assets/DocumentForm-b.js'],
      ['stylesheet', '/assets/DocumentForm-c.css'],
    ]);
  });

  it('elsewhere adds nothing', async () => {
    document.head.innerHTML =
      '<meta name="p2p-form-chunks" content="/assets/pages-a.js /assets/DocumentForm-c.css">';
    onFormUrl.value = false;
    await import('./early.ts');
    expect(links()).toEqual([]);
  });
});
