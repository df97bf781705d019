// The small part of citation-js that Citewise uses (the packages ship no type declarations).
declare module '@citation-js/core' {
  interface Register<T> {
    add(name: string, value: T): void;
    get(name: string): T | undefined;
    has(name: string): boolean;
    list(): string[];
    remove(name: string): void;
  }
  export const plugins: {
    config: { get(name: string): unknown };
    input: { chain(input: unknown, options?: Record<string, unknown>): unknown };
    output: { format(name: string, data: unknown, options?: Record<string, unknown>): unknown };
  };
  export type { Register };
}
declare module '@citation-js/plugin-csl';
declare module '@citation-js/plugin-bibtex';
