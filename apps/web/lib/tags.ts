/** Tags typed as "a, b; c". */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,;，；]/)
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}
