const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/**
 * A size in the reader's language: 45 bytes, 1.5 MB; 45字节, 1.5 MB (binary multiples, as the plan's MB are).
 * Bytes are written out in full: Intl's short form of the unit is "45 byte", a symbol with no plural, where a
 * reader expects "45 bytes".
 */
export function formatBytes(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en', {
    style: 'unit',
    unit: units[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
