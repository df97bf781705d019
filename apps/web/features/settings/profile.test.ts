import { CITATION_STYLE_IDS } from '@citewise/scholar';
import { describe, expect, it } from 'vitest';
import { describeDevice } from './components/sessions';
import { parseResearchFields, profileSchema, readProfile } from './profile';
import { confirmationMatches, deletionPhrase } from './schema';

describe('the profile in user metadata', () => {
  it('reads research fields typed with commas of either script, once each', () => {
    expect(parseResearchFields(' Information retrieval,信息检索， information  retrieval; NLP、\n')).toEqual(['Information retrieval', '信息检索', 'NLP']);
    expect(parseResearchFields(' , ,')).toEqual([]);
  });

  it('fills what was never saved and ignores what is malformed', () => {
    expect(readProfile(null, 'zh', CITATION_STYLE_IDS)).toEqual({ full_name: '', affiliation: '', research_fields: [], citation_style: 'apa', locale: 'zh' });
    expect(readProfile({ name: 'From GitHub', citation_style: 'made-up', research_fields: ['a', 3, ' '], locale: 'zh-CN' }, 'en', CITATION_STYLE_IDS)).toEqual({
      full_name: 'From GitHub',
      affiliation: '',
      research_fields: ['a'],
      citation_style: 'apa',
      locale: 'zh',
    });
    expect(readProfile({ full_name: 'Ada', citation_style: 'ieee', locale: 'en' }, 'zh', CITATION_STYLE_IDS)).toMatchObject({
      full_name: 'Ada',
      citation_style: 'ieee',
      locale: 'en',
    });
  });

  it('refuses unknown styles and languages, overlong text and too many fields', () => {
    const valid = { full_name: 'Ada', affiliation: '', research_fields: ['NLP'], citation_style: 'apa', locale: 'en' };
    expect(profileSchema(CITATION_STYLE_IDS).safeParse(valid).success).toBe(true);
    const issues = (input: object) =>
      profileSchema(CITATION_STYLE_IDS)
        .safeParse({ ...valid, ...input })
        .error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
    expect(issues({ citation_style: 'made-up' })).toEqual(['citation_style:invalid']);
    expect(issues({ locale: 'fr' })).toEqual(['locale:invalid']);
    expect(issues({ full_name: 'x'.repeat(81) })).toEqual(['full_name:too_long']);
    expect(issues({ research_fields: Array.from({ length: 13 }, (_, i) => `f${i}`) })).toEqual(['research_fields:too_many_fields']);
  });
});

describe('the typed confirmation of account deletion', () => {
  it('is the email, or the phone of an account without one', () => {
    expect(deletionPhrase({ email: 'ada@example.com', phone: '8613800138000' })).toBe('ada@example.com');
    expect(deletionPhrase({ email: '', phone: '8613800138000' })).toBe('+8613800138000');
    expect(deletionPhrase({})).toBe('');
  });

  it('matches regardless of case and outer spaces, never an empty phrase', () => {
    expect(confirmationMatches('  ADA@example.com ', 'ada@example.com')).toBe(true);
    expect(confirmationMatches('ada@example.org', 'ada@example.com')).toBe(false);
    expect(confirmationMatches('', '')).toBe(false);
  });
});

describe('the name of this device', () => {
  it('names common browsers and systems', () => {
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36')).toEqual({
      browser: 'Chrome',
      system: 'Linux',
    });
    expect(
      describeDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'),
    ).toEqual({
      browser: 'Safari',
      system: 'iOS',
    });
    expect(describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0')).toEqual({
      browser: 'Edge',
      system: 'Windows',
    });
    expect(describeDevice('curl/8')).toEqual({ browser: null, system: null });
  });
});
