// The examples over the bundled corpus the server imports on its first start, through the search API as
// the research page calls it: every one of the first ten results is on the query's subject (its title or abstract
// names it, in English or Chinese), the translation is the field's term from the glossary, and a query of
// unrelated words finds nothing. Before the glossary, 图神经网络 searched "diagram, neural network" and put a boiler
// study with a BP network first, and 量子纠缠 searched "in a tangle".
import { expect, test } from '../support/fixtures';

type Answer = {
  results: Array<{ paper: { title: string; abstract: string | null } }>;
  translation: { shown: Array<{ source: string; target: string; via: string }> } | null;
};

const examples = [
  { query: '图神经网络', term: 'graph neural network', topic: /graph neural|graph convolution|\bGNNs?\b|hypergraph neural|图神经网络|图卷积/i },
  {
    query: '量子计算',
    term: 'quantum computing',
    topic:
      /quantum comput|quantum algorithm|quantum circuit|quantum machine learning|quantum neural|qubit|quantum processor|quantum device|quantum simulat|quantum-classical|量子计算/i,
  },
  { query: '检索增强生成', term: 'retrieval-augmented generation', topic: /retrieval[- ]augment|\bRAG\b|检索增强/i },
  { query: '量子纠缠', term: 'quantum entanglement', topic: /entangl|量子纠缠/i },
];

for (const { query, term, topic } of examples) {
  test(`${query}: the glossary translates it as "${term}" and the first ten results are all on its subject`, async ({ request }) => {
    const response = await request.get(`/api/scholar/search?q=${encodeURIComponent(query)}`);
    expect(response.status()).toBe(200);
    const answer = (await response.json()) as Answer;
    expect(answer.translation?.shown[0]).toMatchObject({ source: query, target: term, via: 'glossary' });
    const top = answer.results.slice(0, 10).map((r) => `${r.paper.title} ${r.paper.abstract ?? ''}`);
    expect(top.length).toBeGreaterThanOrEqual(10);
    for (const text of top) expect(text, `off ${query}`).toMatch(topic);
  });
}

test('a query of unrelated words finds nothing, in either language', async ({ request }) => {
  for (const query of ['量子纠缠猫咪烘焙学', '图神经网络 芭蕾舞']) {
    const answer = (await (await request.get(`/api/scholar/search?q=${encodeURIComponent(query)}`)).json()) as Answer;
    expect(answer.results, query).toEqual([]);
  }
});
