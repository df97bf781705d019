// GB/T 7714 in one bibliography for Chinese and English references. citeproc renders a whole list with one
// locale, but it also supports CSL-M's `<layout locale="…">`: a layout chosen per item by the item's `language`.
// The upstream GB/T 7714-2015 styles ship exactly such English layouts, commented out ("取消这部分注释可以开启
// CSL-M 的多语言功能"). This module derives the bilingual variant from the unmodified bundled file:
//
// 1. the English layouts are enabled: items whose language is English get en-US terms ("et al.", "ed."),
//    all others the style's zh-CN terms ("等", "版");
// 2. `<institution/>` is enabled, so institutional authors keep their own spelling ("World Health Organization",
//    as in the standard's examples) instead of being upper-cased like family names;
// 3. a range of citation numbers is joined with a hyphen ("[1-4]", 短横线, GB/T 7714-2015 §10.1.3), like the
//    page ranges the style already writes with one;
// 4. author-date in-text citations leave a space between a Chinese name and 等 ("张三 等, 2020"; the standard asks
//    for "适当空隙", and the style notes it too) — citeproc drops that space for non-Latin terms, so the in-text
//    name list uses the "and others" term, set to " 等" (zh) and "et al." (en);
// 5. a Chinese edition reads "2版" (the standard's "3版", §8.2), not "2 版": the number carries 版 as its ordinal
//    suffix and the label is left empty (English keeps "2nd ed.");
// 6. the derived style gets its own id and title, as CC BY-SA asks of modified styles (csl/README.md).
//
// Every step checks that it found what it changes, so an updated upstream file fails loudly instead of silently.

export function bilingualGbStyle(xml: string, options: { authorDate: boolean }): string {
  let out = replaceChecked(xml, /<!--\s*(<layout\b[^>]*\blocale="en"[^>]*>[\s\S]*?<\/layout>)\s*-->/g, '$1', 'commented-out English layouts');
  out = replaceChecked(out, /<!--\s*<institution\/>\s*-->/g, '<institution/>', 'commented-out <institution/>');
  // The locale without xml:lang applies to every language; its <terms> already sets the page-range delimiter.
  out = replaceChecked(out, /(<locale>[\s\S]*?<terms>)/, '$1\n      <term name="citation-range-delimiter">-</term>', 'generic locale terms');
  if (options.authorDate) {
    out = replaceChecked(
      out,
      /(<macro name="author-intext">\s*<names variable="author">\s*<name form="short"\/>)/,
      '$1\n      <et-al term="and others"/>',
      'in-text author names',
    );
    out = replaceChecked(out, /(<locale xml:lang="zh">[\s\S]*?<terms>)/, '$1\n      <term name="and others"> 等</term>', 'zh locale terms');
    out = replaceChecked(
      out,
      /(\n\s*<locale>)/,
      '\n  <locale xml:lang="en">\n    <terms>\n      <term name="and others">et al.</term>\n    </terms>\n  </locale>$1',
      'generic locale',
    );
  }
  out = replaceChecked(
    out,
    /(<locale xml:lang="zh">[\s\S]*?)<term name="edition" form="short">版<\/term>/,
    '$1<term name="edition" form="short"></term>\n      <term name="ordinal">版</term>',
    'zh edition term',
  );
  // A preprint (CSL `article`) is not an archive (A, 档案), as upstream files it. GB/T 7714-2015 has no preprint
  // code; an e-print on a server such as arXiv is an electronic resource, for which Table B.1 gives EB (电子公告),
  // with /OL when read online. Z (其他) would say nothing about what the work is.
  out = replaceChecked(
    out,
    /<if type="article (bill [^"]*)" match="any">(\s*<!--[\s\S]*?-->)?(\s*<text value="A"\/>\s*<\/if>)/,
    '<if type="$1" match="any">$3\n      <else-if type="article">\n        <text value="EB"/>\n      </else-if>',
    'archive type code',
  );
  out = replaceChecked(out, /<id>([^<]+)<\/id>/, '<id>$1-citewise-bilingual</id>', 'style id');
  out = replaceChecked(out, /<title>([^<]+)<\/title>/, '<title>$1, bilingual (Citewise)</title>', 'style title');
  out = replaceChecked(out, /rel="self"/, 'rel="template"', 'self link');
  return out;
}

/** Replaces what `pattern` matches (every match when it is global); throws when nothing matches. */
function replaceChecked(text: string, pattern: RegExp, replacement: string, what: string) {
  const out = text.replace(pattern, replacement);
  if (out === text) throw new Error(`GB/T 7714 style: ${what} not found`);
  return out;
}
