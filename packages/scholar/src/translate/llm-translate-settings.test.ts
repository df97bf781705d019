// The model translator's settings (from the AI runtime's environment) and how it reads a model's answer; the calls to
// a model are in llm-translate.test.ts.
import { describe, expect, it } from 'vitest';
import { cleanAnswer, llmTranslatorFromEnv } from './llm-translate';

/** Never called: building a translator does not reach the model. */
const URL = 'http://127.0.0.1:9/v1';

describe('the model translator', () => {
  it('is configured from the AI runtime settings, and switched off', () => {
    expect(llmTranslatorFromEnv({})).toBeNull();
    expect(llmTranslatorFromEnv({ LLM_BASE_URL: URL })).toBeNull();
    expect(llmTranslatorFromEnv({ LLM_BASE_URL: URL, LLM_MODEL: 'm', SEARCH_LLM_TRANSLATION: 'off' })).toBeNull();
    expect(llmTranslatorFromEnv({ LLM_BASE_URL: URL, LLM_MODEL: 'm' })).toBeTypeOf('function');
    expect(llmTranslatorFromEnv({ LLM_BASE_URL: URL, LLM_MODEL_QUERY_TRANSLATION: 'small-model', SEARCH_LLM_TRANSLATION: 'fused' })).toBeTypeOf('function');
  });

  it('takes one line of the answer as the query, and refuses an answer in the wrong script', () => {
    expect(cleanAnswer('Translation: "glycolysis in cancer"\n\nNote: …', 'en')).toBe('glycolysis in cancer');
    expect(cleanAnswer('糖酵解', 'en')).toBeNull();
    expect(cleanAnswer('BRCA1 乳腺癌', 'en')).toBeNull();
    expect(cleanAnswer('BRCA1 乳腺癌', 'zh')).toBe('BRCA1 乳腺癌');
    expect(cleanAnswer('glycolysis', 'zh')).toBeNull();
    expect(cleanAnswer('  ', 'en')).toBeNull();
  });
});
