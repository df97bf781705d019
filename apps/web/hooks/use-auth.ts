'use client';

import type { SupabaseClient, User } from '@supabase/supabase-js';
import { createContext, useContext } from 'react';
import type { FeatureValue, PlanFeature, PlanId } from '@/config/plans';

// The app's auth state, apart from the provider that fills it: components read it without pulling in the
// Supabase client, which the provider loads on its own (see auth-provider-lazy.tsx).

export type UserPlan = {
  plan: { id: PlanId; features: Record<PlanFeature, FeatureValue> };
  /** Stripe's status: `active`, `trialing`, `past_due`, `canceled`, `incomplete`, … */
  status: string;
  interval: 'monthly' | 'yearly' | null;
  currency: 'usd' | 'cny' | null;
  seats: number;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  since: string;
};

export type AuthState = {
  /** True once the session was read (docs/product.md §4); false again after signing out. */
  loaded: boolean;
  user: User | null;
  plan: { data: UserPlan | undefined; loading: boolean; error: unknown; refetch: () => void };
  /** Null while rendering on the server (the client lives in the browser). */
  supabase: SupabaseClient | null;
  signOut: () => Promise<void>;
};

export const AuthContext = createContext<AuthState | null>(null);

/** The app's auth state: `useAuth()` anywhere under AuthProvider. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth() needs an <AuthProvider> above it');
  return state;
}
