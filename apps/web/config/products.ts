/**
 * Product pages served at `/{product}`. Copy lives in the message files under `products.<id>`;
 * an id missing here is a 404.
 */
export type Product = {
  id: string;
  /** Feature ids, each with `products.<id>.features.<feature>.{title,body}` messages. */
  features: readonly string[];
  /** Steps of the workflow section, with `products.<id>.steps.<step>.{title,body}` messages. */
  steps: readonly string[];
  /** The primary call to action. */
  cta: { href: string };
};

export const products = [
  {
    id: 'scholar',
    features: ['federated', 'verified', 'bilingual', 'styles', 'library', 'offline'],
    steps: ['search', 'read', 'cite', 'check'],
    cta: { href: '/ai/research' },
  },
] as const satisfies readonly Product[];

export type ProductId = (typeof products)[number]['id'];

export function findProduct(id: string): Product | undefined {
  return products.find((product) => product.id === id);
}
