/** A problem in the site folder that stops start-up: names the file (relative to the site folder) and the position. */
export class SiteError extends Error {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly reason: string;

  constructor(file: string, reason: string, line = 0, column = 0) {
    super(`${file}${line > 0 ? `:${line}:${column}` : ''}: ${reason}`);
    this.name = 'SiteError';
    this.file = file;
    this.line = line;
    this.column = column;
    this.reason = reason;
  }
}
