/**
 * Minutes to read a text: Latin-script words at 230 a minute, Han characters at 400 a minute
 * (common figures for adult silent reading), never less than one.
 */
export function readingMinutes(text: string): number {
  const withoutCode = text.replace(/```[\s\S]*?```/g, ' ');
  const han = withoutCode.match(/\p{Script=Han}/gu)?.length ?? 0;
  const words = withoutCode.replace(/\p{Script=Han}/gu, ' ').match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
  return Math.max(1, Math.round(words / 230 + han / 400));
}
