export { parseAuthorName, authorName, type Author, type Paper, type PaperDate } from './paper';
export { upsertPapers, refreshStatistics } from './local/store';
export { searchLocal, RANKING, type LocalHit, type LocalSearchOptions } from './local/search';
export { importJsonLines, type ImportReport, type ImportOptions } from './import/import-file';
export { paperFromCorpusRecord } from './import/corpus-record';
export { segmentForIndex } from './text/segment';
export { migrations } from './db/migrations';
