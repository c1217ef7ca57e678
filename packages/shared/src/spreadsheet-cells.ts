/**
 * Text a spreadsheet could take for a formula: it starts with = + - @, or with a tab or carriage
 * return (which some programs drop before reading the rest as a formula).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Numbers written as text ('-12.5', '+91') and dashes alone ('-', '--') are never formulas. */
const HARMLESS = /^[-+]?(\d+(\.\d*)?|\.\d+)$|^-+$/;

/**
 * A cell's text as a workbook export writes it: text that could be read as a formula gets a
 * leading apostrophe, Excel's own mark for "this is text", so opening, editing or saving the
 * sheet as CSV never evaluates it. Every workbook writer (the API's and the web app's) calls this.
 */
export function neutraliseCellText(text: string): string {
  return FORMULA_START.test(text) && !HARMLESS.test(text) ? `'${text}` : text;
}
