/**
 * The query keys of the message box. Two of them are the documents feature's keys, on purpose:
 * one cached answer serves both features (the document for its lines, the timeline that shows the
 * notes too), and a posted or deleted note reloads the timeline as well.
 */
export const noteKeys = {
  /** GET /communication/notes/{model}/{id} */
  notes: (model: string, id: string) => ['notes', model, id] as const,
  /** the documents feature's key of GET /purchasing/{model}/{id} */
  document: (model: string, id: string) => ['documents', model, 'one', id] as const,
  /** the documents feature's key of GET /communication/messages/{model}/{id} */
  timeline: (model: string, id: string) => ['documents', model, 'one', id, 'timeline'] as const,
};

const seg = encodeURIComponent;

export const notePaths = {
  list: (model: string, id: string) => `/communication/notes/${seg(model)}/${seg(id)}`,
  post: (model: string, id: string) => `/communication/messages/${seg(model)}/${seg(id)}`,
  remove: (noteId: string) => `/communication/messages/delete/${seg(noteId)}`,
  document: (model: string, id: string) => `/purchasing/${seg(model)}/${seg(id)}`,
};
