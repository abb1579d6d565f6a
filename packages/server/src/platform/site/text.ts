/** The text of an HTML fragment on one line: tags dropped, runs of white space made one space. */
export function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
