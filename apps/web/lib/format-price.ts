import type { Currency } from '@/config/plans';

/** A whole-unit price with the plain symbol (`$12`, `¥68`): the currency switch beside it says which. */
export function formatPrice(amount: number, currency: Currency, locale: string): string {
  return new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: 0,
  }).format(amount);
}

/** Storage limits are kept in megabytes; people read them in MB or GB. */
export function formatStorage(megabytes: number): string {
  return megabytes >= 1024 ? `${megabytes / 1024} GB` : `${megabytes} MB`;
}
