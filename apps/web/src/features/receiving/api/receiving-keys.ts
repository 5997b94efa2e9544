/** The query keys of receiving: the open quantities of an order. */
export const receivingKeys = {
  all: ['receiving'] as const,
  open: (orderId: string) => ['receiving', 'open', orderId] as const,
};

/**
 * The documents feature keeps every reception under this key (its lists and forms); a new reception
 * reloads them. The same key, not an import: features do not import each other.
 */
export const RECEPTION_DOCUMENTS_KEY = ['documents', 'reception'] as const;
