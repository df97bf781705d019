// Paper → BibTeX / RIS / CSL-JSON → Paper gives the same Paper back, for records that use every field.
import { describe, expect, it } from 'vitest';
import { toBibtex } from './bibtex-export';
import { paperFromCsl, paperToCsl } from './csl-item';
import { toCslJson } from './csl-json';
import { exportPapers } from './export';
import { parseBibtex, parseCslJson, parseRis } from './parse';
import { toRis } from './ris-export';
import { variedPapers } from './fixtures/varied-papers';
import { mixedPapers } from './fixtures/mixed-papers';

const all = [...variedPapers, ...mixedPapers];

describe('round trips', () => {
  it('Paper → CSL-JSON item → Paper', () => {
    for (const paper of all) expect(paperFromCsl(paperToCsl(paper))).toEqual(paper);
  });

  it('Paper → CSL-JSON file → Paper', () => {
    const { papers, failures } = parseCslJson(toCslJson(all));
    expect(failures).toEqual([]);
    expect(papers).toEqual(all);
  });

  it('Paper → BibTeX → Paper', () => {
    const { papers, failures } = parseBibtex(toBibtex(all));
    expect(failures).toEqual([]);
    expect(papers).toEqual(all);
  });

  it('Paper → RIS → Paper', () => {
    const { papers, failures } = parseRis(toRis(all));
    expect(failures).toEqual([]);
    expect(papers).toEqual(all);
  });

  it('writes readable BibTeX', () => {
    const bib = toBibtex([variedPapers[1]!]);
    expect(bib).toBe(
      [
        '@misc{rahmani2025selfcorrecting,',
        '  title = {{Self-correcting LLMs: \\$O(n\\textasciicircum{}2)\\$ \\{attention\\} -{}- a "study" of `generation\' vs. multiple choice}},',
        '  author = {Rahmani, Hossein A. and {van der Berg}, Jan and Núñez-García, José and Plato, and {Le Cun}, and {OpenAI Research} and Yilmaz, Emine},',
        '  year = {2025},',
        '  month = nov,',
        '  day = {13},',
        '  publisher = {arXiv},',
        '  doi = {10.48550/arXiv.2511.09381},',
        '  eprint = {2511.09381},',
        '  archiveprefix = {arXiv},',
        '  primaryclass = {cs.CL},',
        '  url = {https://arxiv.org/abs/2511.09381?context=cs&v=2%20x},',
        '  language = {en},',
        "  abstract = {We study \\$\\textbackslash{}alpha\\$-scaling and \\textbackslash{}emph\\{self-correction\\} with 50\\% fewer tokens \\& costs.\\par Second paragraph: x\\_i\\textasciicircum{}2 \\textasciitilde{} y, \\#tags \\{braces\\} \\textbackslash{}cite\\{x\\} `{}`quoted'{}' \\textless{}b\\textgreater{}not html\\textless{}/b\\textgreater{}.},",
        '  keywords = {self-correction, {large language models, evaluation}},',
        '  citewise-id = {arXiv:2511.09381},',
        '  citewise-source = {arxiv},',
        '  citewise-fields = {cs.CL; cs.AI},',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('writes RIS with the standard tags', () => {
    expect(toRis([variedPapers[2]!]).split('\n')).toEqual([
      'TY  - JOUR',
      'ID  - pmid:29456894',
      'TI  - The state of OA: a large-scale analysis of the prevalence and impact of Open Access articles',
      'AU  - Piwowar, Heather',
      'AU  - Priem, Jason',
      'PY  - 2018',
      'DA  - 2018/02//',
      'T2  - PeerJ',
      'VL  - 6',
      'SP  - e4375',
      'SN  - 2167-8359',
      'DO  - 10.7717/peerj.4375',
      'AN  - PMID:29456894',
      'UR  - https://doi.org/10.7717/peerj.4375',
      'LA  - en',
      'DB  - openalex',
      'AB  - Despite growing interest in Open Access (OA) to scholarly literature, there is an unmet need.',
      'C1  - Decision Sciences',
      'KW  - Citation',
      'KW  - Open science',
      'ER  - ',
      '',
    ]);
  });

  it('exports formatted text and HTML in a style, with file metadata', () => {
    const text = exportPapers([mixedPapers[0]!], 'text', { style: 'gb-t-7714-2015-numeric' });
    expect(text).toEqual({
      content: '[1] 张伟, 李娜, 王芳, 等. 基于深度学习的中文学术文献检索方法[J]. 计算机学报, 2021, 44(5): 1023-1037.',
      mimeType: 'text/plain; charset=utf-8',
      extension: 'txt',
    });
    expect(exportPapers([mixedPapers[0]!], 'html', { style: 'apa' }).content).toContain('<i>计算机学报</i>, <i>44</i>(5)');
    expect(exportPapers(all, 'bibtex').extension).toBe('bib');
  });
});
