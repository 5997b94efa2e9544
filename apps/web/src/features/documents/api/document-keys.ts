/**
 * The query keys of the documents feature: everything of a model under ['documents', model], so a
 * write invalidates its model's lists and keeps the other models' caches.
 */
export const documentKeys = {
  model: (model: string) => ['documents', model] as const,
  lists: (model: string) => ['documents', model, 'list'] as const,
  list: (model: string, params: object) => ['documents', model, 'list', params] as const,
  one: (model: string, id: string) => ['documents', model, 'one', id] as const,
  timeline: (model: string, id: string) => ['documents', model, 'one', id, 'timeline'] as const,
  editors: (model: string, id: string) => ['documents', model, 'one', id, 'editors'] as const,
};

const base = (model: string) => `/purchasing/${encodeURIComponent(model)}`;

/** The url of a model's documents, or of one of them. */
export const documentsPath = (model: string, id?: string): string =>
  id === undefined ? base(model) : `${base(model)}/${encodeURIComponent(id)}`;
