import { describe, expect, it } from 'vitest';
import { constructMetadata } from './metadata';

describe('constructMetadata', () => {
  it('gives the title template, canonical URL and both language alternates', () => {
    const meta = constructMetadata({ title: 'Pricing', description: 'Plans', path: '/pricing', locale: 'zh' });
    expect(meta.title).toEqual({ absolute: 'Pricing · Citewise' });
    expect(meta.alternates?.canonical).toBe('http://localhost:3000/zh/pricing');
    expect(meta.alternates?.languages).toEqual({
      en: 'http://localhost:3000/pricing',
      'zh-CN': 'http://localhost:3000/zh/pricing',
      'x-default': 'http://localhost:3000/pricing',
    });
    expect(meta.openGraph).toMatchObject({ title: 'Pricing · Citewise', url: 'http://localhost:3000/zh/pricing', locale: 'zh_CN' });
    expect(meta.twitter).toMatchObject({ card: 'summary_large_image', title: 'Pricing · Citewise', description: 'Plans' });
  });

  it('keeps the home page at the bare origin in English', () => {
    expect(constructMetadata({ title: 'Home', description: 'd', path: '/', locale: 'en' }).alternates?.canonical).toBe('http://localhost:3000/');
    expect(constructMetadata({ title: 'Home', description: 'd', path: '/', locale: 'zh' }).alternates?.canonical).toBe('http://localhost:3000/zh');
  });
});
