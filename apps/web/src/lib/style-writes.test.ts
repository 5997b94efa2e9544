import { describe, expect, it } from 'vitest';
import { skipUnchangedStyleWrites } from './style-writes.ts';

describe('skipUnchangedStyleWrites', () => {
  it('keeps the text of a <style> written again unchanged, and takes any other text', () => {
    skipUnchangedStyleWrites();
    const style = document.createElement('style');
    document.head.appendChild(style);
    style.textContent = '.a { color: red; }';
    const text = style.firstChild;
    style.textContent = '.a { color: red; }';
    // the same text node: the browser had nothing to take apart again
    expect(style.firstChild).toBe(text);
    expect(style.textContent).toBe('.a { color: red; }');

    style.textContent = '.a { color: blue; }';
    expect(style.firstChild).not.toBe(text);
    expect(style.textContent).toBe('.a { color: blue; }');
    style.textContent = '';
    expect(style.childNodes).toHaveLength(0);
    style.remove();

    // other elements keep the plain behaviour
    const div = document.createElement('div');
    div.textContent = 'x';
    const node = div.firstChild;
    div.textContent = 'x';
    expect(div.firstChild).not.toBe(node);
  });
});
