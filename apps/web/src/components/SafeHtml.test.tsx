import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { purifyHtml, SafeHtml } from './SafeHtml.tsx';

const PAYLOAD =
  '<b>Order 42</b> <img src=x onerror=alert(1)><script>alert(2)</script>' +
  '<a href="javascript:alert(3)">bad</a> <a href="/order/42" onclick="alert(4)">good</a>' +
  '<style>body{display:none}</style><iframe src="https://evil.example"></iframe>' +
  '<p style="position:fixed" class="x" data-x="1">text</p>';

describe('SafeHtml', () => {
  it('keeps formatting and app links, drops scripts, handlers, styles, frames and unsafe links', () => {
    const { container } = render(<SafeHtml html={PAYLOAD} className="box" data-testid="safe" />);
    const root = container.querySelector('.box')!;
    expect(root.getAttribute('data-testid')).toBe('safe');
    expect(root.querySelector('b')?.textContent).toBe('Order 42');
    expect(root.querySelectorAll('script, img, style, iframe')).toHaveLength(0);
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([null, '/order/42']);
    expect(links[1]?.getAttribute('onclick')).toBeNull();
    const p = root.querySelector('p')!;
    expect(p.textContent).toBe('text');
    expect(p.getAttributeNames()).toEqual([]);
    expect(root.innerHTML).not.toMatch(/alert|onerror|javascript:/);
  });

  it('keeps the markup the help documents use', () => {
    const help =
      '<p>See <a href="/help/home">home</a>, <em>then</em> <strong>this</strong>:</p><ol><li><code>x</code></li></ol>';
    expect(purifyHtml(help)).toBe(help);
  });

  it('is the only component that renders html (no dangerouslySetInnerHTML elsewhere)', () => {
    const sources = import.meta.glob<string>('../**/*.tsx', {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const offenders = Object.entries(sources)
      .filter(
        ([path, text]) => !/\/SafeHtml(\.test)?\.tsx$/.test(path) && text.includes('dangerouslySetInnerHTML'),
      )
      .map(([path]) => path);
    expect(Object.keys(sources).length).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
  });
});
