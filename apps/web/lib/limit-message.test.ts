import { describe, expect, it } from 'vitest';
import { translator } from '@/lib/i18n/translator';
import { limitMessage } from './limit-message';

// Quotas print as pricing prints them (3,000, not 3000), in both languages (docs/conventions.md §6).
describe('numbers in limit and usage messages', () => {
  it('groups thousands in a reached limit', () => {
    const limit = { feature: 'aiMessagesPerMonth', limit: 3000, used: 3000, resets_on: '2026-12-01', upgrade_url: '/pricing' };
    expect(limitMessage('en', limit)).toContain('all 3,000 AI messages of your plan this month (3,000 used)');
    expect(limitMessage('zh', limit)).toContain('3,000 条 AI 消息已用完（已用 3,000 条）');
  });

  it('groups thousands in the billing page’s usage lines', async () => {
    const { createTranslator } = await import('next-intl');
    const { en, zh } = await import('@/messages');
    expect(createTranslator({ locale: 'en', messages: en, namespace: 'billing' })('usedOf', { used: 1200, limit: 3000 })).toBe('1,200 of 3,000');
    expect(createTranslator({ locale: 'zh', messages: zh, namespace: 'billing' })('usedOf', { used: 1200, limit: 3000 })).toBe('已用 1,200 / 3,000');
    expect(translator('en', 'errors')('limits.libraryPapers', { used: 12000, limit: 10000 })).toMatch(
      /^Your library holds 12,000 papers and your plan allows 10,000\./,
    );
  });
});
