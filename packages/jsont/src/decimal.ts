/** Exact arithmetic on decimal strings, with no float conversion. */

/**
 * Moves the decimal point of a decimal string by `shift` places, exactly (`shiftDecimal('1.2345', 2)`
 * is `123.45`): for percent and permille in the i18n formatters, and for money in core. Takes a sign and an exponent;
 * keeps trailing fraction zeros.
 */
export function shiftDecimal(dec: string, shift: number): string {
  let s = dec;
  let sign = '';
  if (s[0] === '-' || s[0] === '+') {
    if (s[0] === '-') sign = '-';
    s = s.slice(1);
  }
  let exp = 0;
  const e = s.search(/[eE]/);
  if (e !== -1) {
    exp = parseInt(s.slice(e + 1), 10);
    s = s.slice(0, e);
  }
  const dot = s.indexOf('.');
  let digits = dot === -1 ? s : s.slice(0, dot) + s.slice(dot + 1);
  let point = (dot === -1 ? s.length : dot) + exp + shift;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  while (digits.length < point) digits += '0';
  const intPart = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const fracPart = digits.slice(point);
  return sign + intPart + (fracPart ? '.' + fracPart : '');
}
