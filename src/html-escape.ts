const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Escapes text for HTML content and attribute values (the mock's console pages and the suite's HTML reports). */
export const escapeHtml = (text: string): string => String(text).replace(/[&<>"']/g, (c) => ENTITIES[c])
