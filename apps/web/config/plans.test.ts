import { describe, expect, it } from 'vitest';
import { plans, signUpHref, yearlySavingPercent } from './plans';

describe('plans', () => {
  it('offers Free, Pro and Team', () => {
    expect(plans.map((plan) => plan.id)).toEqual(['free', 'pro', 'team']);
  });

  it('prices yearly billing below twelve monthly payments', () => {
    for (const plan of plans.filter((p) => p.id !== 'free')) {
      for (const currency of ['usd', 'cny'] as const) {
        expect(plan.price[currency].yearly).toBeLessThan(plan.price[currency].monthly * 12);
        expect(yearlySavingPercent(plan, currency)).toBeGreaterThan(0);
      }
    }
  });

  it('carries the chosen plan to sign-up', () => {
    expect(signUpHref('pro', 'yearly', 'cny')).toBe('/auth/signup?plan=pro&interval=yearly&currency=cny');
  });
});
