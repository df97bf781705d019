// GB/T 7714-2015 golden outputs for a mixed Chinese/English list. Each expected line was checked against the
// standard: Chinese items use 等 and the Chinese edition form (2版), English items "et al." and "2nd ed.";
// more than three authors list the first three (§8.1.2); Chinese names are written family+given without a space,
// Western names as FAMILY + initials; institutions as written ("World Health Organization", §8.1 example);
// document type codes [J] [C] [M] [R] [EB] (a preprint; A would be an archive), with /OL for items online (URL or DOI); ranges of citation numbers
// "[1-3,5]" (§10.1.3); author-date in-text "(张伟 等, 2021)" with a space before 等 (§10.2).
import { describe, expect, it } from 'vitest';
import { formatBibliography, formatBibliographyEntries, formatCitation, formatReference } from './format';
import { mixedPapers } from './fixtures/mixed-papers';
import type { Paper } from '../paper';

describe('GB/T 7714-2015 numeric, bilingual', () => {
  it('renders Chinese items with 等 and English items with et al. in one numbered list', () => {
    expect(formatBibliography(mixedPapers, { style: 'gb-t-7714-2015-numeric' }).split('\n')).toEqual([
      '[1] 张伟, 李娜, 王芳, 等. 基于深度学习的中文学术文献检索方法[J]. 计算机学报, 2021, 44(5): 1023-1037.',
      '[2] JUMPER J, EVANS R, PRITZEL A, et al. Highly accurate protein structure prediction with AlphaFold[J/OL]. Nature, 2021, 596(7873): 583-589. DOI:10.1038/s41586-021-03819-2.',
      '[3] VASWANI A, SHAZEER N. Attention is all you need[EB/OL]. arXiv, 2017. https://arxiv.org/abs/1706.03762.',
      '[4] 陈静, 欧阳明. 面向科技文献的命名实体识别研究[C]//第十八届中国计算语言学大会论文集. 昆明: 中国中文信息学会, 2019: 45-52.',
      '[5] DEVLIN J, CHANG M W, LEE K, et al. BERT: pre-training of deep bidirectional transformers for language understanding[C]//Proceedings of the 2019 Conference of the North American Chapter of the Association for Computational Linguistics. Minneapolis: Association for Computational Linguistics, 2019: 4171-4186.',
      // Numeric lists may start an authorless item with its title (§8.1.1 note on 佚名).
      '[6] 水运工程施工项目全过程管理研究[J].',
      '[7] 王斌, 李鹏. 信息检索导论[M]. 2版. 北京: 人民邮电出版社, 2017.',
      '[8] World Health Organization. Factors regulating the immune response: report of WHO Scientific Group[R]. Geneva: WHO, 1970.',
      '[9] JURAFSKY D, MARTIN J H. Speech and language processing[M]. 2nd ed. Upper Saddle River: Prentice Hall, 2009.',
    ]);
  });

  it('gives a preprint the electronic-resource code, never the archive code A', () => {
    const preprint = mixedPapers.find((p) => p.id === 'arXiv:1706.03762')!;
    const offline = { ...preprint, url: null, doi: null, arxivId: null };
    for (const style of ['gb-t-7714-2015-numeric', 'gb-t-7714-2015-author-date'] as const) {
      expect(formatReference(preprint, { style })).toContain('Attention is all you need[EB/OL]');
      expect(formatReference(offline, { style })).toContain('Attention is all you need[EB]');
      expect(formatReference(preprint, { style })).not.toMatch(/\[A(\/OL)?\]/);
    }
  });

  it('cites by bibliography number, collapsing ranges', () => {
    expect(formatCitation(mixedPapers, { style: 'gb-t-7714-2015-numeric' })).toBe('[1-9]');
    expect(formatCitation(mixedPapers, { style: 'gb-t-7714-2015-numeric', cite: ['zh-journal', 'en-journal', 'arXiv:1706.03762', 'en-conference'] })).toBe(
      '[1-3,5]',
    );
    expect(formatCitation(mixedPapers, { style: 'gb-t-7714-2015-numeric', cite: ['en-report'], format: 'html' })).toBe('<sup>[8]</sup>');
  });

  it('renders HTML entries with their ids', () => {
    const entries = formatBibliographyEntries(mixedPapers.slice(0, 2), { style: 'gb-t-7714-2015-numeric', format: 'html' });
    expect(entries.map((e) => e.id)).toEqual(['zh-journal', 'en-journal']);
    expect(entries[0]!.reference).toBe(
      '<div data-csl-entry-id="zh-journal" class="csl-entry">\n    <div class="csl-left-margin">[1]</div><div class="csl-right-inline">张伟, 李娜, 王芳, 等. 基于深度学习的中文学术文献检索方法[J]. 计算机学报, 2021, 44(5): 1023-1037.</div>\n  </div>',
    );
  });

  it('formats one reference without its list number', () => {
    expect(formatReference(mixedPapers[1]!, { style: 'gb-t-7714-2015-numeric' })).toBe(
      'JUMPER J, EVANS R, PRITZEL A, et al. Highly accurate protein structure prediction with AlphaFold[J/OL]. Nature, 2021, 596(7873): 583-589. DOI:10.1038/s41586-021-03819-2.',
    );
    expect(formatReference(mixedPapers[0]!, { style: 'gb-t-7714-2015-numeric', format: 'html' })).toBe(
      '张伟, 李娜, 王芳, 等. 基于深度学习的中文学术文献检索方法[J]. 计算机学报, 2021, 44(5): 1023-1037.',
    );
    expect(formatReference(mixedPapers[0]!, { style: 'gb-t-7714-2015-author-date' })).toBe(
      '张伟, 李娜, 王芳, 等, 2021. 基于深度学习的中文学术文献检索方法[J]. 计算机学报, 44(5): 1023-1037.',
    );
    expect(formatReference(mixedPapers[1]!, { style: 'nature' })).toMatch(/^Jumper, J\., Evans, R\., /);
    expect(formatReference(mixedPapers[1]!, { style: 'apa', format: 'html' })).toMatch(/^Jumper, J\., .*<i>Nature<\/i>/);
  });

  it('detects the language from the title when the record has none', () => {
    // "zh-conference" and "zh-book" carry no language: their titles are Chinese, so they get 等 where the list is long.
    const long: Paper = { ...mixedPapers[3]!, id: 'zh-long', authors: [{ literal: '甲一' }, { literal: '乙二' }, { literal: '丙三' }, { literal: '丁四' }] };
    const english: Paper = { ...long, id: 'en-long', title: 'An English title for the same authors', details: {}, container: 'Proceedings' };
    expect(formatBibliography([long, english], { style: 'gb-t-7714-2015-numeric' }).split('\n')).toEqual([
      '[1] 甲一, 乙二, 丙三, 等. 面向科技文献的命名实体识别研究[C]//第十八届中国计算语言学大会论文集. 昆明: 中国中文信息学会, 2019: 45-52.',
      '[2] 甲一, 乙二, 丙三, et al. An English title for the same authors[C]//Proceedings. 2019.',
    ]);
  });
});

describe('GB/T 7714-2015 author-date, bilingual', () => {
  it('groups Chinese items first, then English, by author and year', () => {
    expect(formatBibliography(mixedPapers, { style: 'gb-t-7714-2015-author-date' }).split('\n')).toEqual([
      '陈静, 欧阳明, 2019. 面向科技文献的命名实体识别研究[C]//第十八届中国计算语言学大会论文集. 昆明: 中国中文信息学会: 45-52.',
      '王斌, 李鹏, 2017. 信息检索导论[M]. 2版. 北京: 人民邮电出版社.',
      '佚名. 水运工程施工项目全过程管理研究[J].',
      '张伟, 李娜, 王芳, 等, 2021. 基于深度学习的中文学术文献检索方法[J]. 计算机学报, 44(5): 1023-1037.',
      'DEVLIN J, CHANG M W, LEE K, et al., 2019. BERT: pre-training of deep bidirectional transformers for language understanding[C]//Proceedings of the 2019 Conference of the North American Chapter of the Association for Computational Linguistics. Minneapolis: Association for Computational Linguistics: 4171-4186.',
      'JUMPER J, EVANS R, PRITZEL A, et al., 2021. Highly accurate protein structure prediction with AlphaFold[J/OL]. Nature, 596(7873): 583-589. DOI:10.1038/s41586-021-03819-2.',
      'JURAFSKY D, MARTIN J H, 2009. Speech and language processing[M]. 2nd ed. Upper Saddle River: Prentice Hall.',
      'VASWANI A, SHAZEER N, 2017. Attention is all you need[EB/OL]. arXiv. https://arxiv.org/abs/1706.03762.',
      'World Health Organization, 1970. Factors regulating the immune response: report of WHO Scientific Group[R]. Geneva: WHO.',
    ]);
  });

  it('cites Chinese first authors with 等 after a space and English ones with et al.', () => {
    expect(
      formatCitation(mixedPapers, { style: 'gb-t-7714-2015-author-date', cite: ['zh-journal', 'en-journal', 'zh-book', 'csl:test-0002', 'en-report'] }),
    ).toBe('(张伟 等, 2021; Jumper et al., 2021; 王斌 等, 2017; 佚名; World Health Organization, 1970)');
  });

  it('adds year suffixes when an author has two works in one year', () => {
    const second: Paper = { ...mixedPapers[0]!, id: 'zh-journal-2', title: '中文学术文献的语义检索', details: { volume: '44', issue: '9', page: '1800-1812' } };
    expect(formatCitation([mixedPapers[0]!, second], { style: 'gb-t-7714-2015-author-date' })).toBe('(张伟 等, 2021a, 2021b)');
  });
});
