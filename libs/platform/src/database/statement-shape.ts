const LITERAL = /(?:\bE)?'(?:[^'\\]|''|\\[\s\S])*'/g;
const NUMBER = /\b\d+(?:\.\d+)?\b/g;
const LIST = /\?(?:\s*,\s*\?)+/g;
const MAX_SHAPE = 400;

/**
 * A statement as it can be logged: every literal (MikroORM inlines the parameters as quoted strings and numbers) is a
 * `?`, lists of them one `?, …`, whitespace collapsed, cut at MAX_SHAPE characters. Tables, columns and the kind of
 * statement stay, so a failure can be traced; no value of a row does.
 */
export function statementShape(sql: string): string {
  const shape = sql.replace(LITERAL, '?').replace(NUMBER, '?').replace(LIST, '?, …').replace(/\s+/g, ' ').trim();
  return shape.length > MAX_SHAPE ? `${shape.slice(0, MAX_SHAPE)}…` : shape;
}
