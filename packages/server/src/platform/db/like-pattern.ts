/** A case-insensitive LIKE pattern matching `text` anywhere, its `%` and `_` plain characters (escape `\`). */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
