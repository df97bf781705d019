/** An amount in the currency's minor unit (cents, fen), as Stripe counts it, for people to read. */
export function formatMinor(amount: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    currencyDisplay: 'narrowSymbol',
  }).format(amount / 100);
}
