/** The chats of the signed-in user (GET /chat, GET /chat/{id}); every write reloads them. */
export const chatKeys = {
  all: ['chat'] as const,
  list: (lang: string) => ['chat', 'list', lang] as const,
  one: (id: string, lang: string) => ['chat', 'one', id, lang] as const,
  widget: ['chat', 'widget'] as const,
};
