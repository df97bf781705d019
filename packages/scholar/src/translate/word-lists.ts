// The fixed word lists of offline query translation (translate-query.ts): stop words in each language, and the
// English plurals that dropping an -s does not undo.

/** Chinese function words: searched in neither language. */
export const ZH_STOP = new Set(
  (
    '的 了 在 是 和 与 及 或 对 中 为 被 把 从 而 等 也 都 就 这 那 其 之 以 于 由 将 可 能 会 有 没有 不 并 但 如果 因为 所以 一个 一种 ' +
    '个 上 下 时 后 前 到 向 给 让 使 用 着 过 又 还 很 更 最 已 已经 所 该 此 各 每 即 则 若 如 至 及其 以及 通过 进行 具有 存在 一 两 ' +
    '一些 这些 那些 我们 他们 它们 本文 研究 基于 关于 对于 方面 相关 其中 以下 以上 之间 之后 之前 当 再 才 只 仍 且 中的 中有 的是 是否 可以 能够'
  ).split(' '),
);
/** English words left out of the dictionary lookup (PostgreSQL drops them from the search anyway). */
export const EN_STOP = new Set(
  (
    'a an the of in on at to for from by with and or not no is are was were be been being has have had do does did ' +
    'this that these those it its as than then there their which who whom whose what when where why how can could may ' +
    'might will would shall should must into onto over under about after before between during through via per vs ' +
    'more less most least very much many some any each all both either neither such same other only also but if so'
  ).split(' '),
);
/** Plurals that dropping an -s does not undo. */
export const IRREGULAR: Record<string, string> = {
  analyses: 'analysis',
  hypotheses: 'hypothesis',
  syntheses: 'synthesis',
  theses: 'thesis',
  diagnoses: 'diagnosis',
  metastases: 'metastasis',
  matrices: 'matrix',
  vertices: 'vertex',
  indices: 'index',
  simplices: 'simplex',
  phenomena: 'phenomenon',
  criteria: 'criterion',
  spectra: 'spectrum',
  nuclei: 'nucleus',
  stimuli: 'stimulus',
  loci: 'locus',
  fungi: 'fungus',
  bacteria: 'bacterium',
  algae: 'alga',
  mitochondria: 'mitochondrion',
  quanta: 'quantum',
  maxima: 'maximum',
  minima: 'minimum',
  optima: 'optimum',
  radii: 'radius',
  foci: 'focus',
  genera: 'genus',
  taxa: 'taxon',
  ova: 'ovum',
  larvae: 'larva',
  formulae: 'formula',
  media: 'medium',
  data: 'data',
};
