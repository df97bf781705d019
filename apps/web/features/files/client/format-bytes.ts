const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** A size in the reader's language: 1.5 MB, 1.5 兆字节… (binary multiples, as the plan's MB are). */
export function formatBytes(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en', { style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
}
