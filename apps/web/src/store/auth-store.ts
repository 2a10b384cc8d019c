import type { AuthUser, PlanName, PlanStatus } from "@changeradar/contracts";
import { create } from "zustand";

export interface SubscriptionState {
  status: PlanStatus | null;
  planType: PlanName | null;
  /** True until the session restore on app load has settled. */
  loading: boolean;
}

interface AuthState {
  auth: { user: AuthUser | null; accessToken: string | null };
  subscriptionState: SubscriptionState;
  /** Spec §4: once closed, the Payment Required notice stays hidden for this session state. */
  paymentNoticeDismissed: boolean;
  signIn: (user: AuthUser, accessToken: string) => void;
  signOut: () => void;
  finishLoading: () => void;
  dismissPaymentNotice: () => void;
}

const signedOut = { user: null, accessToken: null };

export const useAuthStore = create<AuthState>()((set) => ({
  auth: signedOut,
  subscriptionState: { status: null, planType: null, loading: true },
  paymentNoticeDismissed: false,
  signIn: (user, accessToken) =>
    set({
      auth: { user, accessToken },
      subscriptionState: { status: user.planStatus, planType: user.planType, loading: false },
    }),
  signOut: () =>
    set({
      auth: signedOut,
      subscriptionState: { status: null, planType: null, loading: false },
      paymentNoticeDismissed: false,
    }),
  finishLoading: () => set((s) => ({ subscriptionState: { ...s.subscriptionState, loading: false } })),
  dismissPaymentNotice: () => set({ paymentNoticeDismissed: true }),
}));
