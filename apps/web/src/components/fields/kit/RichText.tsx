import 'quill/dist/quill.snow.css';
import { useEffect, useRef } from 'react';
import Quill from 'quill';
import { EDITOR_TOOLBARS, type EditorToolbar } from '@p2p/domain';
import type { InputProps } from '../types.ts';

/** The editor toolbars of seed 001 section 9: essential, minimal and full. */
export const TOOLBARS: Record<EditorToolbar, unknown[]> = {
  minimal: [['bold', 'italic', 'underline']],
  essential: [
    ['bold', 'italic', 'underline'],
    [{ list: 'ordered' }, { list: 'bullet' }],
    ['link'],
    ['clean'],
  ],
  full: [
    [{ header: [1, 2, 3, false] }],
    ['bold', 'italic', 'underline', 'strike'],
    [{ color: [] }, { background: [] }],
    [{ list: 'ordered' }, { list: 'bullet' }, { align: [] }],
    ['link', 'blockquote', 'code-block'],
    ['clean'],
  ],
};

export const toolbarOf = (field: { toolbar?: unknown; format?: string }): EditorToolbar => {
  const name = typeof field.toolbar === 'string' ? field.toolbar : field.format;
  return (EDITOR_TOOLBARS as readonly string[]).includes(name ?? '') ? (name as EditorToolbar) : 'essential';
};

/** Quill's empty document is '<p><br></p>': stored as nothing. */
const emptyHtml = (html: string) => html.replace(/<p><br><\/p>/g, '').trim() === '';

/** richtextarea: a Quill 2 editor; the HTML goes to the document (the server sanitises it again). */
export function RichTextInput({ id, field, value, onChange, disabled }: InputProps) {
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<Quill | null>(null);
  const change = useRef(onChange);
  change.current = onChange;
  const toolbar = toolbarOf(field as { toolbar?: unknown; format?: string });

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const editor = document.createElement('div');
    el.appendChild(editor);
    const q = new Quill(editor, { theme: 'snow', modules: { toolbar: TOOLBARS[toolbar] } });
    q.root.id = id;
    q.root.setAttribute('role', 'textbox');
    q.root.setAttribute('aria-multiline', 'true');
    q.root.setAttribute('aria-labelledby', `${id}-label`);
    q.root.dataset.testid = 'richtext-editor';
    q.on('text-change', (_delta, _old, source) => {
      if (source !== 'user') return;
      // the editor's own HTML: Quill 2.0.3's getSemanticHTML writes every space as &nbsp;
      const html = q.root.innerHTML;
      change.current(emptyHtml(html) ? null : html);
    });
    quill.current = q;
    return () => {
      quill.current = null;
      el.innerHTML = '';
    };
  }, [id, toolbar]);

  // outside changes (a reload, another field) replace the content; typing does not come back here
  useEffect(() => {
    const q = quill.current;
    if (!q) return;
    const html = typeof value === 'string' ? value : '';
    if (html !== q.root.innerHTML && !(emptyHtml(html) && q.getLength() <= 1))
      q.clipboard.dangerouslyPasteHTML(html, 'silent');
  }, [value]);

  useEffect(() => quill.current?.enable(!disabled), [disabled]);

  return (
    <div
      ref={host}
      className="field-richtext-input"
      data-toolbar={toolbar}
      data-testid={`richtext-${field.src}`}
    />
  );
}
