import { useMutation } from "@tanstack/react-query";
import { accountApi } from "../api/account-api";

/** The account domain's server calls, as TanStack Query mutations. */
export function useAccountMutations() {
  return {
    login: useMutation({ mutationFn: accountApi.login }),
    signup: useMutation({ mutationFn: accountApi.signup }),
    forgotPassword: useMutation({ mutationFn: accountApi.forgotPassword }),
    verifyPasscode: useMutation({ mutationFn: accountApi.verifyPasscode }),
    resetPassword: useMutation({ mutationFn: accountApi.resetPassword }),
    resendCode: useMutation({ mutationFn: accountApi.resendCode }),
    contactUs: useMutation({ mutationFn: accountApi.contactUs }),
  };
}
