/** PostgreSQL array literal for a list of strings (parameters cannot be bound as arrays portably across drivers). */
export function pgTextArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}
